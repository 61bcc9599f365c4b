// @seald-io/nedb is CommonJS whose typings declare an ES default export; under NodeNext
// the two disagree, so the class is taken from whichever shape arrives at run time.
import nedbModule from "@seald-io/nedb";

type NedbClass = typeof nedbModule.default;
export type Datastore<Schema> = InstanceType<NedbClass> & import("@seald-io/nedb").default<Schema>;

const moduleValue = nedbModule as unknown as { default?: NedbClass } & NedbClass;
export const DatastoreClass: NedbClass = moduleValue.default ?? moduleValue;
