-- Why an answer ended in error, in the server's English; the web words it in the reader's language,
-- so a reload shows the reason the live answer gave. Null for every other answer.
ALTER TABLE "messages" ADD COLUMN "error" text;
