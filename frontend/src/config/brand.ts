/** The product's name: the one place it is spelled. */
export const PRODUCT_NAME = 'TalentFlow AI';

/** Where visitors write to see or erase what they sent (the privacy page names it). */
export const PRIVACY_EMAIL = 'privacy@talentflow.ai';
