import { reviewOperations } from "@/lib/contracts/reviews";
import { apiRoute } from "@/lib/http/handler";
import { listReviewers } from "@/lib/services/reviews";

export const GET = apiRoute(reviewOperations.reviewers, async ({ ctx, params }) => ({ data: await listReviewers(ctx, params.parserId) }));
