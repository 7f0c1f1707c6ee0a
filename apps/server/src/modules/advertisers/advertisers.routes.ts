import type { FastifyInstance } from 'fastify';
import { advertisersApi } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { getPerson, listPeople } from '../partners/index.ts';
import { advertiserKind } from './advertisers.repository.ts';
import {
  changeAdvertiserStatus,
  createAdvertiser,
  rotatePostbackToken,
  updateAdvertiser,
} from './advertisers.service.ts';
import { createProduct, deleteProduct, listProducts, updateProduct } from './products.service.ts';

export const advertisersRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  registerEndpoint(app, advertisersApi.list, ({ auth, query }) => listPeople(deps, advertiserKind, auth!, query));
  registerEndpoint(app, advertisersApi.get, ({ auth, params }) => getPerson(deps, advertiserKind, auth!, params.uuid));
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
