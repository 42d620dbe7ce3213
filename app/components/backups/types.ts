/** What Admin → Backups shows (routes/admin/backups.tsx), as plain data for its components. */

export interface ScheduleFormValues {
  enabled: boolean;
  frequency: string;
  weekday: string;
  time: string;
  time_zone: string;
  keep: string;
  storage_config_id: string;
  folder: string;
}

export interface StorageChoice {
  id: string;
  name: string;
  type: string;
}

export interface LastRunView {
  status: string;
  at: string | null;
  name: string | null;
  size: number | null;
  error: string | null;
}

export interface StoredBackupView {
  name: string;
  size: number;
  at: string | null;
}
