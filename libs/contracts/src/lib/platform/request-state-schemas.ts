import { z } from 'zod';
import {
  nomenclatureTypes,
  paymentStatuses,
  photoVideoPackages,
  requestStates,
  saleStatuses,
} from './request-state';

/** The schemas of the request, payment and sale lists of `request-state.ts`, for parsing the platform's answers. */
export const requestStateSchema = z.enum(requestStates);
export const nomenclatureTypeSchema = z.enum(nomenclatureTypes);
export const paymentStatusSchema = z.enum(paymentStatuses);
export const saleStatusSchema = z.enum(saleStatuses);
export const photoVideoPackageSchema = z.enum(photoVideoPackages);
