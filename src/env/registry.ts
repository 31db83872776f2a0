/**
 * The games the batched environment knows, by id. Worker threads rebuild their kernels from an
 * id and options, so every game the CLI or the pool offers is registered here.
 */
import { chess960KernelFactory, chessKernelFactory } from './chess-kernel.js';
import type { KernelFactory } from './kernel.js';
import { pacoKernelFactory } from './paco-encoder.js';

/** The kernel factories by game id: `chess`, `chess960`, `paco`. */
export const KERNEL_FACTORIES: ReadonlyMap<string, KernelFactory> = new Map([
  [chessKernelFactory.id, chessKernelFactory],
  [chess960KernelFactory.id, chess960KernelFactory],
  [pacoKernelFactory.id, pacoKernelFactory],
]);

/** The factory of a game id, or undefined when the game has no environment (yet). */
export const kernelFactory = (id: string): KernelFactory | undefined => KERNEL_FACTORIES.get(id);
