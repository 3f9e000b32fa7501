export type ContactFormValues = {
  name: string;
  email: string;
  linkedin: string;
  company: string;
  /** One of the interest values once valid; '' until chosen. */
  interest: string;
  comments: string;
  /** The honeypot: no person ever fills it. */
  website: string;
};

export const emptyContactForm: ContactFormValues = {
  name: '',
  email: '',
  linkedin: '',
  company: '',
  interest: '',
  comments: '',
  website: '',
};
