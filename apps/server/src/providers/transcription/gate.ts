// At most `width` jobs at once and at most `queue` waiting; beyond that a job is refused at once
// rather than left waiting behind minutes of others' recognition.
import { TranscriptionError } from "./types";

export function createGate(width: number, queue: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    async run<T>(job: () => Promise<T>): Promise<T> {
      if (running < width) running++;
      else if (waiting.length >= queue)
        throw new TranscriptionError("unavailable", "The offline recogniser is busy. Try again in a minute.");
      // A finishing job hands its place straight to the next in line.
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await job();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else running--;
      }
    },
  };
}
