-- Background imports run on the job queue (jobs, kind conversation-import) since this migration.
DROP TABLE IF EXISTS "import_jobs";
