import { configure } from '@testing-library/dom';

// The web tests run beside browsers in the DAM lane of `npm test`; there a render can take seconds, so every
// findBy and waitFor gets the patience the SLOW option gives, not the library's one second.
configure({ asyncUtilTimeout: 10_000 });
