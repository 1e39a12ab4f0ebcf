import { redirect } from "next/navigation";

export default async function ParserIndex({ params }: { params: Promise<{ parserId: string }> }) {
  redirect(`/parsers/${(await params).parserId}/documents`);
}
