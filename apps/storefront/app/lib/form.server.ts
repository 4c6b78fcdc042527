/** What a request whose body is no form (JSON, multipart without its boundary, plain text) is answered. */
export const FORM_NOT_READ =
  'The request could not be read as a form: send it form-encoded (application/x-www-form-urlencoded) or as multipart/form-data with its boundary.';

/**
 * The form an action was posted, read in this one place by every action: a body that is no form answers 400
 * with FORM_NOT_READ (a page shows it on its error page, a resource route answers it as JSON), never a 500.
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw Response.json({ message: FORM_NOT_READ }, { status: 400 });
  }
}
