// Apart from api-errors.ts, whose api error schema brings the validation library: a guest's read words its
// failures with this alone.
export const UNEXPECTED_ERROR = 'Произошла неожиданная ошибка';
