// The download cache's rule both its users keep (documents.zip, the stamped
// copies): a file the API just named to nginx stays this long, since nginx
// opens it only after the API's answer and may send it slowly.
export const KEPT_AFTER_USE_MS = 10 * 60_000;
