import { idParam } from '../../common/http/id-param.pipe';

/** `@Param('id', requestIdPipe)`: a request's number (the one id pipe), or a 400 in Arabic. */
export const requestIdPipe = idParam('رقم الطلب غير صحيح');
