import { DefaultNamingStrategy, NamingStrategyInterface } from 'typeorm';

/** camelCase → snake_case, so properties stay camelCase while columns follow SQL convention. */
export function snakeCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();
}

/**
 * Column names come from properties in snake_case; table names are always given explicitly on each
 * entity (the spec's names), so they are left as written.
 */
export class SnakeNamingStrategy extends DefaultNamingStrategy implements NamingStrategyInterface {
  override columnName(propertyName: string, customName: string | undefined, prefixes: string[]): string {
    const prefix = prefixes.length ? snakeCase(prefixes.join('_')) + '_' : '';
    return customName ?? prefix + snakeCase(propertyName);
  }

  override relationName(propertyName: string): string {
    return snakeCase(propertyName);
  }

  override joinColumnName(relationName: string, referencedColumnName: string): string {
    return snakeCase(relationName + '_' + referencedColumnName);
  }

  override joinTableColumnName(tableName: string, propertyName: string, columnName?: string): string {
    return snakeCase(tableName + '_' + (columnName ?? propertyName));
  }
}
