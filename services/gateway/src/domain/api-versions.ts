// X-API-Version: the versions are part of the public contract (@levy/presenters).
export {
  apiVersions,
  currentApiVersion,
  isApiVersion,
  usesFlatErrors,
  versionAtLeast,
  type ApiVersion,
} from "@levy/presenters";
