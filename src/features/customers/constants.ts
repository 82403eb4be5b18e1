/** The example number in the phone hint and placeholder: the national form formatPhone shows. */
export const PHONE_EXAMPLE = '0532 123 45 67'
