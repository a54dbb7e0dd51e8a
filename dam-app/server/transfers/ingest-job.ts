/** The job that turns a file the node delivered into an asset (registered by the assets part). */
export const INGEST_UPLOAD_JOB = 'upload.ingest';
