;; The in-process index's scans (dot-kernel.ts keeps the assembled bytes). `scores`: for each int8
;; row of `stride` bytes, its dot product with an int16 query, 16 values a step, summed as int32.
;; `hamming`: for each row of `stride` bytes of sign bits, the bits that differ from the query's, and
;; a count of the rows at each distance (int32s at `$hist`, added to).
(module
  (memory (export "memory") 1)
  (func (export "scores") (param $q i32) (param $base i32) (param $count i32) (param $stride i32) (param $out i32)
    (local $end i32) (local $p i32) (local $qp i32) (local $rowEnd i32) (local $acc v128) (local $v v128)
    (local.set $p (local.get $base))
    (local.set $end (i32.add (local.get $base) (i32.mul (local.get $count) (local.get $stride))))
    (block $done
      (loop $rows
        (br_if $done (i32.ge_u (local.get $p) (local.get $end)))
        (local.set $acc (v128.const i32x4 0 0 0 0))
        (local.set $qp (local.get $q))
        (local.set $rowEnd (i32.add (local.get $p) (local.get $stride)))
        (loop $inner
          (local.set $v (v128.load (local.get $p)))
          (local.set $acc (i32x4.add (local.get $acc)
            (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_s (local.get $v)) (v128.load (local.get $qp)))))
          (local.set $acc (i32x4.add (local.get $acc)
            (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_s (local.get $v)) (v128.load offset=16 (local.get $qp)))))
          (local.set $p (i32.add (local.get $p) (i32.const 16)))
          (local.set $qp (i32.add (local.get $qp) (i32.const 32)))
          (br_if $inner (i32.lt_u (local.get $p) (local.get $rowEnd))))
        (i32.store (local.get $out)
          (i32.add
            (i32.add (i32x4.extract_lane 0 (local.get $acc)) (i32x4.extract_lane 1 (local.get $acc)))
            (i32.add (i32x4.extract_lane 2 (local.get $acc)) (i32x4.extract_lane 3 (local.get $acc)))))
        (local.set $out (i32.add (local.get $out) (i32.const 4)))
        (br $rows))))
  (func (export "hamming") (param $q i32) (param $base i32) (param $count i32) (param $stride i32) (param $out i32) (param $hist i32)
    (local $end i32) (local $p i32) (local $qp i32) (local $rowEnd i32) (local $acc i64) (local $at i32)
    (local.set $p (local.get $base))
    (local.set $end (i32.add (local.get $base) (i32.mul (local.get $count) (local.get $stride))))
    (block $done
      (loop $rows
        (br_if $done (i32.ge_u (local.get $p) (local.get $end)))
        (local.set $acc (i64.const 0))
        (local.set $qp (local.get $q))
        (local.set $rowEnd (i32.add (local.get $p) (local.get $stride)))
        (loop $inner
          (local.set $acc (i64.add (local.get $acc)
            (i64.popcnt (i64.xor (i64.load (local.get $p)) (i64.load (local.get $qp))))))
          (local.set $p (i32.add (local.get $p) (i32.const 8)))
          (local.set $qp (i32.add (local.get $qp) (i32.const 8)))
          (br_if $inner (i32.lt_u (local.get $p) (local.get $rowEnd))))
        (i32.store (local.get $out) (i32.wrap_i64 (local.get $acc)))
        (local.set $at (i32.add (local.get $hist) (i32.shl (i32.wrap_i64 (local.get $acc)) (i32.const 2))))
        (i32.store (local.get $at) (i32.add (i32.load (local.get $at)) (i32.const 1)))
        (local.set $out (i32.add (local.get $out) (i32.const 4)))
        (br $rows)))))
