import { SystemSettingEntity } from './entities/system-setting.entity';

export const systemEntities = [SystemSettingEntity];
