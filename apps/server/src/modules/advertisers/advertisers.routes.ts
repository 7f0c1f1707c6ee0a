import type { FastifyInstance } from 'fastify';
import { advertisersApi } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { generalSettings } from '../settings/settings.service.ts';
import { findAdvertiser, listAdvertisers } from './advertisers.repository.ts';
import {
  changeAdvertiserStatus,
  createAdvertiser,
  rotatePostbackToken,
  updateAdvertiser,
} from './advertisers.service.ts';
import { createProduct, deleteProduct, listProducts, updateProduct } from './products.service.ts';

export const advertisersRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  const { db } = deps;
  registerEndpoint(app, advertisersApi.list, async ({ auth, query }) => {
    const { time_zone } = await generalSettings.get(db);
    return listAdvertisers(db, auth!, query, time_zone);
  });
  registerEndpoint(app, advertisersApi.get, async ({ auth, params }) => {
    const found = await findAdvertiser(db, auth!, params.uuid);
    if (!found) throw notFound('Advertiser');
    return found;
  });
  registerEndpoint(app, advertisersApi.create, ({ auth, body, ip }) => createAdvertiser(deps, auth!, body, { ip }));
  registerEndpoint(app, advertisersApi.update, ({ auth, params, body, ip }) =>
    updateAdvertiser(deps, auth!, params.uuid, body, { ip }),
  );
  registerEndpoint(app, advertisersApi.rotatePostbackToken, ({ auth, params, ip }) =>
    rotatePostbackToken(deps, auth!, params.uuid, { ip }),
  );
  registerEndpoint(app, advertisersApi.changeStatus, ({ auth, params, body, ip }) =>
    changeAdvertiserStatus(deps, auth!, params.uuid, body, { ip }),
  );

  registerEndpoint(app, advertisersApi.listProducts, ({ auth, params }) => listProducts(deps, auth!, params.uuid));
  registerEndpoint(app, advertisersApi.createProduct, ({ auth, params, body, ip }) =>
    createProduct(deps, auth!, params.uuid, body, { ip }),
  );
  registerEndpoint(app, advertisersApi.updateProduct, ({ auth, params, body, ip }) =>
    updateProduct(deps, auth!, params.uuid, params.product, body, { ip }),
  );
  registerEndpoint(app, advertisersApi.deleteProduct, ({ auth, params, ip }) =>
    deleteProduct(deps, auth!, params.uuid, params.product, { ip }),
  );
};
