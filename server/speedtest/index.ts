// What other areas may use of the speed test: a provider's tests in a place and time (the outage
// page shows them beside the reports).
export { providerTestsDuring, MEDIAN_MIN_ADDRESSES, type TestsDuring, type TestsDuringGroup } from "./read-results";
