/** Back-off of the port sweep, in seconds: 1, 2, 3, 5, 8, 13 … unbounded (connect-protocol.md §8.1). */
export function* fibonacciSeconds(): Generator<number, never> {
  let [a, b] = [1, 2];
  while (true) {
    yield a;
    [a, b] = [b, a + b];
  }
}
