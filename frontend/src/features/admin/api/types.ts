export type ContactSubmission = {
  id: string;
  name: string;
  email: string;
  linkedin: string | null;
  company: string | null;
  interest: string;
  comments: string | null;
  submittedAt: string;
};

export type Analytics = {
  total: number;
  thisMonth: number;
  companiesSubmitted: number;
  interestBreakdown: Record<string, number>;
};
