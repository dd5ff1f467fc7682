/**
 * The recycle bin's handler of dynamic forms: restore clears the soft-delete mark (and the default
 * mark when the subject took another default meanwhile: at most one default per subject); purge
 * deletes the row. Registered on import (forms.routes.ts).
 */
import { registerRecyclable } from '../../core/recycle.registry';
import { hasOtherDefault, lockForm, markFormDeleted, purgeForm } from './forms.repository';
import { formNotFound } from './forms.service';

registerRecyclable({
  type: 'form',
  async restore(tx, id) {
    const row = await lockForm(tx, id, true);
    if (!row) throw formNotFound();
    const clash = row.isDefault && (await hasOtherDefault(tx, row.subjectId, id));
    await markFormDeleted(tx, id, null, false, clash);
  },
  async purge(tx, id) {
    await purgeForm(tx, id);
  },
});
