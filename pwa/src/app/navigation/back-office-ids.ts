/** The top bar's 'Back office' button and its menu refer to each other by these ids. */
export const BACK_OFFICE_BUTTON_ID = 'back-office-button';
export const BACK_OFFICE_MENU_ID = 'back-office-menu';
