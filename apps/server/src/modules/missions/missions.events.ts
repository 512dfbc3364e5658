/** The missions' events (issue 30), emitted on `ctx.events` after the commit. */
export type MissionEvent = {
  accountingFirmId: number;
  vendorId: number;
  missionId: number;
  /** Who made the change (null for a job). */
  actorId: number | null;
};

declare module '../../platform/events/events' {
  interface AppEvents {
    'mission.created': MissionEvent;
    'mission.signed': MissionEvent;
    'mission.done': MissionEvent;
  }
}
