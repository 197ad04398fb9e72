import { FieldError, inputClasses, Label, TextField, cx } from '~/ui'

/**
 * The giver's part of a gift form (reserving a gift, giving to a cash fund, chipping in to a group gift):
 * their name (the family sees it), their email (only for their receipt or confirmation) and an optional
 * message. Labels, autocomplete and messages are the same everywhere; what differs per form are the field
 * name and label of the message, the lengths its schema takes and what the email is for.
 */
export function GiverFields({
  values,
  error,
  nameMax,
  emailHint,
  message,
}: {
  /** The fields' values by name: what was typed before a failed submit, or the signed-in person's name and email. */
  values: Partial<Record<string, string>>
  /** The first error of a field, by its name. */
  error: (field: string) => string | undefined
  nameMax: number
  emailHint: string
  /** The message textarea: the field it posts as, its label, id (its error is `${id}-error`) and length. */
  message: { name: string; label: string; id: string; max: number }
}) {
  const messageError = error(message.name)
  const messageErrorId = `${message.id}-error`
  return (
    <>
      <TextField
        label="Your name"
        name="giverName"
        autoComplete="name"
        required
        maxLength={nameMax}
        defaultValue={values.giverName ?? ''}
        error={error('giverName')}
        hint="The family sees it, so they know whom to thank."
      />
      <TextField
        label="Your email"
        name="giverEmail"
        type="email"
        autoComplete="email"
        required
        maxLength={254}
        defaultValue={values.giverEmail ?? ''}
        error={error('giverEmail')}
        hint={emailHint}
      />
      <div>
        <Label htmlFor={message.id} optional>
          {message.label}
        </Label>
        <textarea
          id={message.id}
          name={message.name}
          rows={3}
          maxLength={message.max}
          defaultValue={values[message.name] ?? ''}
          aria-invalid={messageError ? true : undefined}
          aria-describedby={messageError ? messageErrorId : undefined}
          className={cx(inputClasses, 'mt-1.5 resize-y')}
        />
        <FieldError id={messageErrorId}>{messageError}</FieldError>
      </div>
    </>
  )
}
