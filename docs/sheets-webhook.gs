/**
 * Receives the lead-capture backend's spreadsheet sync: one row per submission, and the
 * erasure of rows when submissions are erased.
 * Google Apps Script (V8 runtime), bound to the spreadsheet. Set-up: docs/integrations.md, "Spreadsheet sync".
 *
 * The backend POSTs JSON { name, email, linkedin, company, interest, comments, id, submittedAt }
 * and, when SHEETS_WEBHOOK_SECRET is set, adds to the URL's query string
 *   delivery=<delivery id>&timestamp=<Unix seconds>&signature=<hex HMAC-SHA256>
 * where the HMAC, keyed with the secret, covers "<delivery id>.<timestamp>.<raw body>".
 *
 * An erasure (a lead deleted in the dashboard, a person's erasure request, retention) is the
 * body { "action": "erase", "ids": [...] }, signed the same way: every row whose id is in
 * `ids` is deleted; ids not in the sheet are ignored, so a repeated erasure does no harm.
 *
 * Delivery is at least once: a retry after a timeout may bring a submission again, so a row
 * whose `id` is already in the sheet is not added twice.
 *
 * A web app always answers HTTP 200, so the outcome is said in the body: {"ok": true}, or
 * {"ok": false, "error": …}, which the backend marks failed at once and logs, or
 * {"ok": false, "error": …, "retry": true} (busy, or a passing Google error), which it retries.
 */

const SHEET_NAME = 'Leads';
const HEADER = ['id', 'submittedAt', 'name', 'email', 'linkedin', 'company', 'interest', 'comments', 'receivedAt'];
// A signed request older or newer than this is refused (a replayed or forged request).
const MAX_CLOCK_SKEW_SECONDS = 300;

function doPost(e) {
  const body = e && e.postData ? e.postData.contents : '';
  const params = (e && e.parameter) || {};

  const secret = PropertiesService.getScriptProperties().getProperty('SHEETS_WEBHOOK_SECRET');
  if (secret) {
    const refusal = checkSignature_(secret, params, body);
    if (refusal) return answer_({ ok: false, error: refusal });
  }

  let lead;
  try {
    lead = JSON.parse(body);
  } catch (error) {
    return answer_({ ok: false, error: 'body is not JSON' });
  }
  const erasure = lead && lead.action === 'erase';
  if (erasure && !isIdList_(lead.ids)) return answer_({ ok: false, error: 'ids missing' });
  if (!erasure && (!lead || typeof lead.id !== 'string' || lead.id === '')) return answer_({ ok: false, error: 'id missing' });

  // One writer at a time: two deliveries of the same id cannot both find it absent. The wait
  // stays below the backend's attempt timeout (SHEETS_ATTEMPT_TIMEOUT_MS, 15 s by default).
  const lock = LockService.getScriptLock();
  if (!lock.tryLock(10000)) return answer_({ ok: false, retry: true, error: 'busy' });
  try {
    const sheet = leadsSheet_();
    if (erasure) return answer_({ ok: true, erased: deleteRows_(sheet, lead.ids) });
    if (alreadyAdded_(sheet, lead.id)) return answer_({ ok: true, duplicate: true });
    sheet.appendRow([
      lead.id,
      text_(lead.submittedAt),
      text_(lead.name),
      text_(lead.email),
      text_(lead.linkedin),
      text_(lead.company),
      text_(lead.interest),
      text_(lead.comments),
      new Date(),
    ]);
    SpreadsheetApp.flush();
    return answer_({ ok: true });
  } catch (error) {
    return answer_({ ok: false, retry: true, error: String(error).slice(0, 200) });
  } finally {
    lock.releaseLock();
  }
}

/** Why the request is refused, or '' when its signature and timestamp are good. */
function checkSignature_(secret, params, body) {
  const delivery = params.delivery || '';
  const timestamp = params.timestamp || '';
  const signature = String(params.signature || '').toLowerCase();
  if (!delivery || !/^\d+$/.test(timestamp) || !signature) return 'signature missing';
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > MAX_CLOCK_SKEW_SECONDS) return 'timestamp too old or in the future';
  const bytes = Utilities.computeHmacSha256Signature(delivery + '.' + timestamp + '.' + body, secret, Utilities.Charset.UTF_8);
  const expected = bytes.map((byte) => ('0' + (byte & 0xff).toString(16)).slice(-2)).join('');
  return constantTimeEqual_(expected, signature) ? '' : 'bad signature';
}

/** Compares without stopping at the first difference, so timing tells nothing of the secret. */
function constantTimeEqual_(a, b) {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i += 1) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

function leadsSheet_() {
  const spreadsheet = SpreadsheetApp.getActiveSpreadsheet();
  let sheet = spreadsheet.getSheetByName(SHEET_NAME);
  if (!sheet) sheet = spreadsheet.insertSheet(SHEET_NAME);
  if (sheet.getLastRow() === 0) {
    sheet.appendRow(HEADER);
    sheet.setFrozenRows(1);
  }
  return sheet;
}

/** Whether a row with this id is already in the sheet (column A, below the header). */
function alreadyAdded_(sheet, id) {
  const rows = sheet.getLastRow() - 1;
  if (rows < 1) return false;
  return sheet.getRange(2, 1, rows, 1).createTextFinder(id).matchEntireCell(true).findNext() !== null;
}

function isIdList_(ids) {
  return Array.isArray(ids) && ids.every((id) => typeof id === 'string' && id !== '');
}

/** Deletes every row (below the header) whose id, in column A, is one of `ids`; returns how many. */
function deleteRows_(sheet, ids) {
  const rows = sheet.getLastRow() - 1;
  if (rows < 1 || ids.length === 0) return 0;
  const wanted = new Set(ids);
  const column = sheet.getRange(2, 1, rows, 1).getValues();
  let deleted = 0;
  // From the bottom up, so that deleting a row does not move the ones still to check.
  for (let index = column.length - 1; index >= 0; index -= 1) {
    if (wanted.has(String(column[index][0]))) {
      sheet.deleteRow(index + 2);
      deleted += 1;
    }
  }
  return deleted;
}

/** A value as plain text: null becomes '', and a leading = + - @ cannot start a formula. */
function text_(value) {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /^[=+\-@]/.test(text) ? "'" + text : text;
}

function answer_(result) {
  return ContentService.createTextOutput(JSON.stringify(result)).setMimeType(ContentService.MimeType.JSON);
}
