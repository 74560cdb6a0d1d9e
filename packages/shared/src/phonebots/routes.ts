/** The method and path of each operation of contract.ts, typed by it: a client calls them without its schemas. */
import type { phonebotContracts } from './contract';
import { apiRoutes } from '../core/contract';

export const phonebotRoutes = apiRoutes<typeof phonebotContracts>({
  listPhonebots: ['GET', '/phonebots'],
  getPhonebot: ['GET', '/phonebots/:id'],
  createPhonebot: ['POST', '/phonebots'],
  updatePhonebot: ['PATCH', '/phonebots/:id'],
  deletePhonebot: ['DELETE', '/phonebots/:id'],
  regenerateBotToken: ['POST', '/phonebots/:id/bot-token'],
  listVbots: ['GET', '/vbot'],
  createVbot: ['POST', '/vbot'],
  getVbot: ['GET', '/vbot/:license_Key'],
  updateVbot: ['PATCH', '/vbot/:license_Key'],
  deleteVbot: ['DELETE', '/vbot/:license_Key'],
  getVbotByGuest: ['GET', '/vbotbyguest/:license_Key'],
  updateVbotByGuest: ['PATCH', '/vbotbyguest/:license_Key'],
  listAllVbots: ['GET', '/phonebot'],
  updateAnyVbot: ['PATCH', '/phonebot/:license_Key'],
});
