/**
 * The EICAR test file: every antivirus detects it and it does nothing. The health test sends it to clamd to prove
 * detection works end to end; put together here so this source file is not itself what a scanner flags.
 */
export const EICAR = ['X5O!P%@AP[4\\PZX54(P^)7CC)7}$', 'EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*'].join('');
