// Hard-coded texts on purpose: hard-coded-strings.test.ts checks that its scan finds each of them.
import { toast } from "@/lib/toast";

export function Fixture({ count }: { count: number }) {
  const save = () => toast.success("Saved");
  return (
    <div>
      <button type="button" onClick={save}>
        Save changes
      </button>
      <button type="button" aria-label="Close">
        {count} ×
      </button>
      <span title={count > 1 ? "Many" : "One"}>Tessera</span>
      <p>{count > 1 ? `Too long: ${count} characters` : null}</p>
    </div>
  );
}
