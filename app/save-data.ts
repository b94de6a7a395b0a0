/**
 * Whether the phone asks to save data (Android's and Chrome's data saver): the Network Information
 * API's `saveData`, which the browser sets together with the `Save-Data: on` header that the
 * shop's pictures follow (server/api/uploads.ts). Then nothing plays or loads before the shopper
 * asks for it (requirements §13.7, decision 0066). Read in effects only: the server cannot know.
 */
export function savingData(): boolean {
  if (typeof navigator === "undefined") return false;
  return (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;
}
