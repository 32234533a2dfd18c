// The page behind a mailed opt-in link (an infrastructure alert's, a commitment reminder's):
// opening it changes nothing (mail scanners open links); its buttons confirm the double opt-in
// or turn the subscription off (server/http/forms/link-action.ts reads them).
import type { ReactNode } from "react";
import { Form } from "react-router";
import { CsrfInput } from "../ui/csrf-input";

export function OptInLinkPage({
  title,
  details,
  state,
  stateTestId,
  error,
  confirm,
  unsubscribe,
  children,
}: {
  title: string;
  /** Shown under the title (what the subscription is about). */
  details?: ReactNode;
  /** The subscription's state in a sentence (a live status). */
  state: string;
  stateTestId?: string;
  /** A refused action's message. */
  error?: string;
  /** The confirm button's label, when it is offered. */
  confirm?: string;
  /** The turn-off button's label, when it is offered. */
  unsubscribe?: string;
  /** Links onwards. */
  children?: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="text-3xl font-bold">{title}</h1>
      {details}
      <p role="status" className="mt-6 text-lg" data-testid={stateTestId}>
        {state}
      </p>
      {error ? (
        <p role="alert" className="mt-4 text-red-800 dark:text-red-200">
          {error}
        </p>
      ) : null}
      <div className="mt-6 flex flex-wrap gap-3">
        {confirm ? (
          <Form method="post">
            <CsrfInput />
            <input type="hidden" name="intent" value="confirm" />
            <button type="submit" className="btn-primary">
              {confirm}
            </button>
          </Form>
        ) : null}
        {unsubscribe ? (
          <Form method="post">
            <CsrfInput />
            <input type="hidden" name="intent" value="unsubscribe" />
            <button type="submit" className="btn-ghost border border-slate-300 dark:border-slate-600">
              {unsubscribe}
            </button>
          </Form>
        ) : null}
      </div>
      {children}
    </div>
  );
}
