/** What every client-file tab needs: the client file and whether the user may change it. */
export type ClientFileTabProps = { vendorId: number; canWrite: boolean };
