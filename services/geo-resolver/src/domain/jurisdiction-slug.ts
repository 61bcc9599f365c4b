// The slug rule lives in @levy/kit, shared with calc-engine (imported rate tables name
// their places; calc-engine maps them onto the same ids).
export { jurisdictionSlug } from "@levy/kit";
