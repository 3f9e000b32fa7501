/**
 * The `sheet` channel: each lead's copy in the spreadsheet. sheets/ queues and posts it; it is
 * named here because the lead's detail shows the copy's state (LeadDetail) and the inbox sends
 * it again (LeadEvents.resend).
 */
export const SHEET_CHANNEL = 'sheet';
