import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { ELMA_TWIN_OPTIONS, type ResolvedElmaTwinOptions } from '../core/elma-options';
import { ElmaStore } from '../core/elma-store';
import { ItemsRepository } from '../core/items.repository';
import { AgeClassesService } from '../services/age-classes.service';
import { FilesService } from '../services/files.service';
import { seedDemo } from './demo-seed';
import { seedScale } from './scale-seed';

const SEED_META_KEY = 'seed';

/** Seeds an empty twin once, at first start; a seeded database is never seeded again. */
@Injectable()
export class SeedRunner implements OnModuleInit {
  private readonly logger = new Logger('ElmaTwinSeed');

  constructor(
    private readonly store: ElmaStore,
    private readonly items: ItemsRepository,
    private readonly files: FilesService,
    private readonly ageClasses: AgeClassesService,
    @Inject(ELMA_TWIN_OPTIONS) private readonly options: ResolvedElmaTwinOptions,
  ) {}

  onModuleInit(): void {
    if (this.options.seed === 'none' || this.store.getMeta(SEED_META_KEY)) return;
    const started = performance.now();
    const target = { items: this.items, files: this.files, now: this.options.now() };
    this.items.transaction(() => {
      const demo = seedDemo(target, this.options.demoSize);
      let note = `${demo.organizations} organizations, ${demo.athletes} athletes, ${demo.competitions} events`;
      if (this.options.seed === 'scale') {
        const scale = seedScale(target, this.options.scale);
        note += `; scale: +${scale.competitions} events, +${scale.athletes} athletes`;
      }
      this.store.setMeta(
        SEED_META_KEY,
        JSON.stringify({ kind: this.options.seed, at: target.now.toISOString() }),
      );
      this.logger.log(
        `seeded (${this.options.seed}): ${note} in ${Math.round(performance.now() - started)} ms`,
      );
    });
    this.ageClasses.invalidate();
  }
}
