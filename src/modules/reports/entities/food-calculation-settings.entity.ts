import { Check, Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { numericTransformer } from '../../../database/numeric.transformer';
import { checkIn } from '../../../database/check-list';
import { FOOD_CALCULATION_METHODS } from '../../../shared/labels';

export type CalculationMethod = 'formula' | 'manual';

@Entity('food_calculation_settings')
@Check('CHK_food_calculation_settings_calculation_method', checkIn('calculation_method', FOOD_CALCULATION_METHODS))
export class FoodCalculationSettingsEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 10, default: 'formula' })
  calculationMethod: CalculationMethod;

  /** Manual method: kilograms per completed request. */
  @Column({ type: 'numeric', precision: 10, scale: 2, nullable: true, transformer: numericTransformer })
  manualAmount: number | null;

  /** Formula method: kilograms per attendee. */
  @Column({ type: 'numeric', precision: 10, scale: 2, default: () => '0.5', transformer: numericTransformer })
  formulaMultiplier: number;

  @Column({ type: 'boolean', default: true })
  isActive: boolean;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;

  /** Username of the administrator who last changed it. */
  @Column({ type: 'varchar', length: 100, nullable: true })
  updatedBy: string | null;
}
