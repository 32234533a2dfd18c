/** The review form's fields as the services read them (a missing field is undefined, so its "required" message shows). */
export function reviewFormInput(form: FormData): Record<string, FormDataEntryValue | undefined> {
  return { fullName: form.get("fullName") ?? undefined, title: form.get("title") ?? undefined, body: form.get("body") ?? undefined, score: form.get("score") ?? undefined };
}

/** The answer form's field. */
export function answerFormInput(form: FormData): Record<string, FormDataEntryValue | undefined> {
  return { answer: form.get("answer") ?? undefined };
}
