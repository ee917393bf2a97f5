/**
 * Archive names oldest first, as BACKUP_KEEP counts them: by the time in the
 * name, then by the number a second archive of the same second gets (…Z-2
 * after …Z, …Z-10 after …Z-2), never as plain strings.
 */
export const byAge = (a: string, b: string) => {
  const key = (name: string) => name.replace(/Z\.tar/, 'Z-1.tar');
  return key(a).localeCompare(key(b), 'en', { numeric: true });
};
