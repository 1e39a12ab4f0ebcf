"use client";

import { useFieldArray, useFormContext, useWatch } from "react-hook-form";
import { Button, Checkbox, CopyButton, FormField, Input, Select } from "@/components/ui";
import { FILE_TYPE_OPTIONS } from "../../../_components/file-type-options";
import type { SettingsFormValues } from "./form-values";
import { SettingsSection } from "./settings-section";

/** What to read from e-mails sent to the parser, and whose e-mails to accept. */
export function EmailSection({ address }: { address: string }) {
  const { register, control, formState } = useFormContext<SettingsFormValues>();
  const errors = formState.errors.emailParsing;
  const rules = useFieldArray({ control, name: "emailParsing.senderFilter.rules" });
  const filterMode = useWatch({ control, name: "emailParsing.senderFilter.mode" });

  return (
    <SettingsSection id="settings-email" title="E-mail" description="Documents that arrive by e-mail: the body, the attachments, and which senders are accepted.">
      <div className="flex flex-col gap-1">
        <p className="font-medium">Inbound e-mail address</p>
        <div className="flex items-center gap-2">
          <code className="min-w-0 truncate rounded-md bg-subtle px-2 py-1 font-mono text-sm" title={address}>
            {address}
          </code>
          <CopyButton value={address} label="Copy the e-mail address" showLabel variant="secondary" size="sm" />
        </div>
        <p className="text-xs text-muted">Forward or send documents to this address; each e-mail becomes documents of this parser.</p>
      </div>
      <Checkbox label="Read the e-mail body" description="The message itself becomes a document." {...register("emailParsing.parseEmailBody")} />
      <Checkbox label="Merge attachments" description="All attachments of one e-mail become one document." {...register("emailParsing.mergeEmailAttachments")} />
      <Checkbox label="Include subject and body with attachments" {...register("emailParsing.includeEmailSubjectBody")} />
      <fieldset>
        <legend className="mb-1.5 font-medium">Attachment types to read</legend>
        <p className="mb-1.5 text-xs text-muted">None checked: every accepted file type.</p>
        <div className="grid grid-cols-2 gap-1.5">
          {FILE_TYPE_OPTIONS.map((option) => (
            <Checkbox key={option.mimeType} value={option.mimeType} label={option.label} {...register("emailParsing.attachmentFileTypes")} />
          ))}
        </div>
      </fieldset>
      <FormField label="Senders" htmlFor="settings-sender-mode" error={errors?.senderFilter?.mode?.message}>
        <Select {...register("emailParsing.senderFilter.mode")}>
          <option value="disabled">Accept every sender</option>
          <option value="allow">Accept only the senders below</option>
          <option value="deny">Accept everyone but the senders below</option>
        </Select>
      </FormField>
      {filterMode !== "disabled" ? (
        <table className="w-full text-left">
          <caption className="sr-only">Sender rules</caption>
          <thead>
            <tr className="text-xs text-muted">
              <th scope="col" className="pb-1 font-medium">
                Match
              </th>
              <th scope="col" className="pb-1 font-medium">
                Address or domain
              </th>
              <th scope="col">
                <span className="sr-only">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rules.fields.map((rule, index) => {
              const error = errors?.senderFilter?.rules?.[index]?.value?.message;
              return (
                <tr key={rule.id} className="align-top">
                  <td className="w-36 pr-2 pb-2">
                    <Select aria-label={`Rule ${index + 1} match`} {...register(`emailParsing.senderFilter.rules.${index}.type`)}>
                      <option value="email">E-mail address</option>
                      <option value="domain">Domain</option>
                    </Select>
                  </td>
                  <td className="pr-2 pb-2">
                    <Input aria-label={`Rule ${index + 1} value`} aria-invalid={Boolean(error) || undefined} placeholder="supplier.com" {...register(`emailParsing.senderFilter.rules.${index}.value`)} />
                    {error ? <p className="mt-1 text-xs text-danger">{error}</p> : null}
                  </td>
                  <td className="pb-2">
                    <Button variant="ghost" size="sm" aria-label={`Remove rule ${index + 1}`} onClick={() => rules.remove(index)}>
                      Remove
                    </Button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
      {filterMode !== "disabled" ? (
        <Button variant="secondary" size="sm" className="self-start" onClick={() => rules.append({ type: "domain", value: "" })}>
          Add sender rule
        </Button>
      ) : null}
    </SettingsSection>
  );
}
