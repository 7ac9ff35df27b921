import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { Piscina } from 'piscina';
import type { ImpactRenderTask } from './impact-render.worker';

/**
 * The compiled task file. The server always runs from dist/ (tests included: they load it from there,
 * so `npm run build` comes first), from the project folder, like the fonts.
 */
const WORKER_FILE = join(process.cwd(), 'dist', 'src', 'modules', 'reports', 'impact', 'impact-render.worker.js');
/** A draw that takes longer than this (a stuck worker) is abandoned; the thread is replaced. */
const DRAW_TIMEOUT_MS = 60_000;
/** Draws waiting for the thread; past this a download is answered 503 at once. */
const MAX_QUEUE = 50;

/**
 * Draws impact-report files in one worker thread, so the event loop keeps answering while a PDF takes a
 * second or more of CPU. One thread: drawing never takes more than one core from the api, and each
 * report is drawn only once anyway (ImpactFiles stores it). The thread starts on the first draw and
 * stops after a minute without work.
 */
@Injectable()
export class ImpactRenderer implements OnModuleDestroy {
  private pool: Piscina | null = null;

  async render(task: ImpactRenderTask): Promise<Buffer> {
    const bytes = (await this.threads().run(task, { signal: AbortSignal.timeout(DRAW_TIMEOUT_MS) })) as Uint8Array;
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool?.destroy();
    this.pool = null;
  }

  private threads(): Piscina {
    if (this.pool) return this.pool;
    if (!existsSync(WORKER_FILE)) throw new Error(`impact report worker ${WORKER_FILE} is missing: run npm run build`);
    this.pool = new Piscina({
      filename: WORKER_FILE,
      name: 'renderImpactFile',
      minThreads: 0,
      maxThreads: 1,
      idleTimeout: 60_000,
      maxQueue: MAX_QUEUE,
      // A lower CPU priority for the thread (nice +10, through @napi-rs/nice where it is installed): on a
      // busy machine the event loop, PostgreSQL and Redis come first and the draw takes what is left.
      niceIncrement: 10,
      // A runaway draw ends the thread, not the api.
      resourceLimits: { maxOldGenerationSizeMb: 256 },
    });
    return this.pool;
  }
}
