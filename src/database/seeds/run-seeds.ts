import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import argon2 from 'argon2';
import type { Logger } from 'pino';
import { DataSource, EntityManager } from 'typeorm';
import type { AppConfig } from '../../config/app-config';
import { ContentSettingEntity } from '../../modules/content/entities/content-setting.entity';
import { DropdownOptionEntity } from '../../modules/content/entities/dropdown-option.entity';
import { SimpleAreaEntity } from '../../modules/locations/entities/simple-area.entity';
import { SimpleDistrictEntity } from '../../modules/locations/entities/simple-district.entity';
import { AssuranceTemplateEntity } from '../../modules/messaging/entities/assurance-template.entity';
import { FoodCalculationSettingsEntity } from '../../modules/reports/entities/food-calculation-settings.entity';
import { AccountSecurityStatusEntity } from '../../modules/security/entities/account-security-status.entity';
import { UserEntity } from '../../modules/security/entities/user.entity';
import { PASSWORD_HASH_OPTIONS } from '../../modules/security/passwords/password-hash-options';
import { SystemSettingEntity } from '../../modules/system/entities/system-setting.entity';
import { CONTENT_DEFAULTS } from './data/content';
import { DROPDOWN_TYPES, EVENT_TYPES, FOOD_TYPES } from './data/dropdowns';
import { AREAS, DISTRICTS, IMPORTANT_PLACES } from './data/locations';
import { FOOD_CALCULATION_DEFAULT, systemSettingsDefaults } from './data/settings';
import { WHATSAPP_TEMPLATES } from './data/templates';

/**
 * Idempotent seeds, run at every start after the migrations: rows are only inserted when missing, so
 * whatever administrators changed stays as they left it.
 */
export async function runSeeds(dataSource: DataSource, config: AppConfig, logger: Logger): Promise<void> {
  await dataSource.transaction(async (manager) => {
    await insertMissing(
      manager,
      SimpleAreaEntity,
      AREAS.map((a) => ({ value: a.value, name: a.name, isActive: true })),
      ['value'],
    );
    await insertMissing(
      manager,
      SimpleDistrictEntity,
      DISTRICTS.map((d) => ({ value: d.value, name: d.name, areaValue: d.areaValue, isActive: d.isActive })),
      ['value', 'areaValue'],
    );
    const options = [
      ...EVENT_TYPES.map((o) => ({ type: DROPDOWN_TYPES.eventType, ...o })),
      ...FOOD_TYPES.map((o) => ({ type: DROPDOWN_TYPES.foodType, ...o })),
      ...IMPORTANT_PLACES.map((p) => ({
        type: DROPDOWN_TYPES.importantPlace,
        value: p.value,
        label: p.label,
        group: p.group,
        sortOrder: p.sortOrder,
        isActive: p.isActive,
      })),
    ];
    await insertMissing(manager, DropdownOptionEntity, options, ['type', 'value']);
    await insertMissing(
      manager,
      ContentSettingEntity,
      CONTENT_DEFAULTS.map((c) => ({ ...c })),
      ['key'],
    );
    await insertMissing(
      manager,
      SystemSettingEntity,
      systemSettingsDefaults({ verificationRequired: config.admin.verificationRequired }).map((s) => ({ ...s, updatedBy: 'system' })),
      ['key'],
    );
    if ((await manager.count(FoodCalculationSettingsEntity)) === 0) {
      await manager.insert(FoodCalculationSettingsEntity, { ...FOOD_CALCULATION_DEFAULT, updatedBy: 'system' });
    }
    await insertMissing(
      manager,
      AssuranceTemplateEntity,
      WHATSAPP_TEMPLATES.map((t) => ({
        key: t.key,
        name: t.name,
        category: t.category,
        language: t.language,
        components: t.components,
        placeholdersCount: t.placeholdersCount,
        contentSid: null,
      })),
      ['key'],
    );
    await seedFirstAdministrator(manager, config, logger);
  });
}

async function insertMissing<T extends object>(
  manager: EntityManager,
  entity: new () => T,
  rows: Partial<T>[],
  conflictColumns: string[],
): Promise<void> {
  if (!rows.length) return;
  const metadata = manager.connection.getMetadata(entity);
  const columns = conflictColumns.map((p) => metadata.findColumnWithPropertyName(p)!.databaseName);
  await manager
    .createQueryBuilder()
    .insert()
    .into(entity)
    .values(rows as never)
    .orIgnore(`(${columns.map((c) => `"${c}"`).join(', ')})`)
    .execute();
}

/**
 * The first administrator, from ADMIN_USERNAME / ADMIN_PASSWORD. Without a password one is generated
 * and written once to a file only its owner can read; the log names the file, never the password.
 */
async function seedFirstAdministrator(manager: EntityManager, config: AppConfig, logger: Logger): Promise<void> {
  if ((await manager.count(UserEntity)) > 0) return;
  const username = config.admin.username.trim().toLowerCase();
  let password = config.admin.password;
  let passwordFile: string | null = null;
  if (!password) {
    password = randomBytes(12).toString('base64url');
    mkdirSync(config.dataDir, { recursive: true });
    passwordFile = join(config.dataDir, 'admin-password.txt');
    writeFileSync(passwordFile, `username: ${username}\npassword: ${password}\n`, { mode: 0o600 });
    chmodSync(passwordFile, 0o600);
  }
  await manager.insert(UserEntity, { username, password: await argon2.hash(password, PASSWORD_HASH_OPTIONS), role: 'admin' });
  await insertMissing(manager, AccountSecurityStatusEntity, [{ username }], ['username']);
  if (passwordFile) logger.warn({ username, file: passwordFile }, 'first administrator created; the generated password is in this file');
  else logger.info({ username }, 'first administrator created from ADMIN_USERNAME / ADMIN_PASSWORD');
}
