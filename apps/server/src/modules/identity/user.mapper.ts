import type { User } from '@portal/contracts';
import type { users } from '../../db/schema';

/** The columns of a person the profile shows. */
export type ProfileRow = Omit<
  typeof users.$inferSelect,
  'passwordHash' | 'totpSecret' | 'totpEnabledAt' | 'totpLastStep' | 'createdAt' | 'updatedAt'
>;

export function toUserDto(row: ProfileRow, isAccountant: boolean): User {
  const fullname = [row.firstname, row.lastname].filter(Boolean).join(' ') || row.email;
  return {
    id: row.id,
    email: row.email,
    firstname: row.firstname,
    lastname: row.lastname,
    fullname,
    title: row.title,
    civility: row.civility,
    dark_mode: row.darkMode,
    locale: row.locale,
    mobile_number: row.mobileNumber,
    address: row.address,
    post_code: row.postCode,
    city: row.city,
    country: row.country,
    birth_date: row.birthDate,
    birth_city: row.birthCity,
    is_super_admin: row.isSuperAdmin,
    is_accountant: isAccountant,
    profile_complete: Boolean(row.firstname?.trim() && row.lastname?.trim()),
  };
}
