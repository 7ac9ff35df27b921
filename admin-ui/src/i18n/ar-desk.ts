/** Arabic texts of the requests desk's own screens beside the desk (the archive of deleted requests): app.desk.* */
export const deskAr = {
  desk: {
    menu_archive: 'أرشيف الطلبات',
    archive: {
      title: 'أرشيف الطلبات المحذوفة',
      intro:
        'الطلبات التي حُذفت من قائمة الطلبات، مع من حذفها ومتى ولماذا. الاستعادة تعيد الطلب برقمه وحالته وسجل حالاته وملاحظاته، ولا يُرسل للعميل أي إشعار.',
      search: 'بحث بالاسم أو الجوال أو رقم الطلب',
      empty: 'لا توجد طلبات محذوفة تطابق هذا البحث.',
      number: 'رقم الطلب',
      organizer: 'اسم المنظم',
      location: 'الموقع',
      event_date: 'تاريخ المناسبة',
      status: 'الحالة عند الحذف',
      deleted: 'حُذف',
      reason: 'سبب الحذف',
      no_reason: 'لم يُذكر سبب',
      deleted_by: 'بواسطة',
      restore: 'استعادة',
      restore_label: 'استعادة الطلب %{id}',
      restore_title: 'استعادة الطلب #%{id}',
      restore_text:
        'يعود الطلب إلى قائمة الطلبات برقمه #%{id} وحالته «%{status}» مع سجل حالاته وملاحظاته الداخلية. لا يُرسل للعميل أي إشعار. يُرفض الطلب النشط إذا كان لصاحبه طلبان نشطان أو طلب مماثل في التاريخ نفسه.',
      restore_confirm: 'استعادة الطلب',
      restore_failed: 'تعذّرت الاستعادة',
    },
  },
};
