import { data } from "react-router";

// Placeholder until this page is written: answers 404 like any unknown path.
export function loader() {
  throw data(null, { status: 404 });
}

export default function Placeholder() {
  return null;
}
