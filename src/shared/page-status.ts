/**
 * The server's word, in a page's HTML, that the thing the page shows does not exist (it answered the
 * page with 404): the page then says so at once instead of asking the API for what it knows is missing.
 * The meta element holds the path it was answered for, so a later in-app visit to another page asks.
 */
export const NOT_FOUND_META = 'not-found-path';
