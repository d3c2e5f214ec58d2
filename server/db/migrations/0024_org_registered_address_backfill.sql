-- Custom SQL migration file, put your code below! --
-- Corporate organizations approved before 0023: copy the registered address and the two
-- "same as registered" answers from their ACCEPTED application (as approval now does).
UPDATE "organizations" AS o SET
  "registered_address1" = NULLIF(a."answers"->>'registeredAddress1', ''),
  "registered_address2" = NULLIF(a."answers"->>'registeredAddress2', ''),
  "registered_city" = NULLIF(a."answers"->>'registeredCity', ''),
  "registered_postal_code" = NULLIF(a."answers"->>'registeredPostalCode', ''),
  "registered_country_id" = NULLIF(a."answers"->>'registeredCountryId', ''),
  "business_address_same_as_registered" = CASE a."answers"->>'businessAddressSameAsRegistered' WHEN 'YES' THEN true WHEN 'NO' THEN false END,
  "correspondence_address_same_as_registered" = CASE a."answers"->>'correspondenceAddressSameAsRegistered' WHEN 'YES' THEN true WHEN 'NO' THEN false END
FROM "applications" AS a
WHERE a."organization_id" = o."id" AND a."status" = 'ACCEPTED' AND a."type" = 'CORPORATE'
  AND o."type" = 'CORPORATE' AND o."registered_address1" IS NULL;
