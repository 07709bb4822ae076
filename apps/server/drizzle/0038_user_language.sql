-- The language a person chose on Account: the app's and their mail's. NULL means the browser's.
ALTER TABLE "profiles" ADD COLUMN "language" text;
