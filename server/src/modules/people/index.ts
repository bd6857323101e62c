import { itemGuard } from '../../platform/files/guard-kit.js';
import { defineArea } from '../area.js';
import { AddressBook } from './address-book.js';
import { addressBookRoutes } from './address-book-routes.js';
import { ProfileService } from './profile.js';
import { profileRoutes } from './profile-routes.js';
import { cmsDepartmentRoutes } from './department-admin-routes.js';
import { departmentRoutes } from './department-routes.js';
import { CmsDepartmentService } from './department-service.js';
import { DirectoryService } from './directory.js';
import { cmsStaffRoutes } from './staff-routes.js';
import { CmsStaffService } from './staff-service.js';
import { StaffHandover } from './staff-handover.js';
import { StaffImportService } from './staff-import.js';
import { staffImportRoutes } from './staff-import-routes.js';

/** Staff accounts and the department tree (and the address book, with the intranet). */
export const peopleArea = defineArea({
  name: 'people',
  services: ({ db, clock, files, handovers }) => ({
    directory: new DirectoryService(db),
    addressBook: new AddressBook(db, clock),
    profile: new ProfileService(db, clock, files),
    cmsStaff: new CmsStaffService(db, clock),
    staffHandover: new StaffHandover(db, clock, handovers),
    cmsDepartment: new CmsDepartmentService(db, clock),
    staffImport: new StaffImportService(db, clock),
  }),
  routes: async (api, services) => {
    await api.register(departmentRoutes, { directory: services.directory });
    await api.register(addressBookRoutes, { book: services.addressBook });
    await api.register(profileRoutes, { profile: services.profile });
    await api.register(cmsStaffRoutes, {
      cmsStaff: services.cmsStaff,
      handover: services.staffHandover,
    });
    await api.register(cmsDepartmentRoutes, { cmsDepartment: services.cmsDepartment });
    await api.register(staffImportRoutes, { staffImport: services.staffImport });
  },
  // A staff photo is the address book's picture: all staff see it.
  fileGuards: () => [itemGuard('T_STAFF', async () => true)],
});
