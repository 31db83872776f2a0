/** Checked execution at the API's edge (`execute` of the reference): a typed error for an illegal action. */
import { ok, type Result } from '../../core/result.js';
import { isLegalAction } from './actions.js';
import { actionError, describeAction, type PacoActionError } from './action-text.js';
import { writePacoFen } from './fen.js';
import { applyActionUnchecked } from './play.js';

/** Applies `code` to `s` in place if it is legal; otherwise leaves `s` unchanged and returns an error. */
export function executeAction(s: Int32Array, code: number, index?: number): Result<Int32Array, PacoActionError> {
  if (!isLegalAction(s, code)) {
    return actionError(`${describeAction(code)} is not legal in ${writePacoFen(s)}`, index);
  }
  applyActionUnchecked(s, code);
  return ok(s);
}
