-- Counterparty identity (issue 29): Russian tax ids with their check digits, suppliers' tax ids
-- (an ИНН or a European VAT number in its country's format), one live client or supplier per tax
-- id, countries from ISO 3166 (names shown in the reader's language by the web), project access
-- keys made of words, and role names unique whatever their case.

--------------------------------------------------------------------------------------------------
-- Check digits

-- ИНН: 10 digits (an organisation) or 12 (a person or an individual entrepreneur), with the check
-- digits of the Federal Tax Service's weights.
create function app_hidden.inn_valid(value text) returns boolean
language plpgsql immutable parallel safe set search_path = pg_catalog as $$
declare
  d integer[];
  w10 constant integer[] := array[2, 4, 10, 3, 5, 9, 4, 6, 8];
  w11 constant integer[] := array[7, 2, 4, 10, 3, 5, 9, 4, 6, 8];
  w12 constant integer[] := array[3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8];
  s integer;
begin
  if value is null then return true; end if;
  if value !~ '^([0-9]{10}|[0-9]{12})$' then return false; end if;
  d := array(select ch::integer from regexp_split_to_table(value, '') ch);
  if length(value) = 10 then
    s := (select sum(d[i] * w10[i]) from generate_series(1, 9) i);
    return s % 11 % 10 = d[10];
  end if;
  s := (select sum(d[i] * w11[i]) from generate_series(1, 10) i);
  if s % 11 % 10 <> d[11] then return false; end if;
  s := (select sum(d[i] * w12[i]) from generate_series(1, 11) i);
  return s % 11 % 10 = d[12];
end;
$$;
comment on function app_hidden.inn_valid(text) is 'Whether an ИНН (10 or 12 digits) has valid check digits; null is valid.';

-- ОГРН (13 digits, an organisation): the 13th digit is the first 12 modulo 11, modulo 10.
-- ОГРНИП (15 digits, an individual entrepreneur): the 15th is the first 14 modulo 13, modulo 10.
create function app_hidden.ogrn_valid(value text) returns boolean
language sql immutable parallel safe set search_path = pg_catalog as $$
  select case
    when value is null then true
    when value ~ '^[0-9]{13}$' then (left(value, 12)::numeric % 11) % 10 = right(value, 1)::numeric
    when value ~ '^[0-9]{15}$' then (left(value, 14)::numeric % 13) % 10 = right(value, 1)::numeric
    else false end
$$;
comment on function app_hidden.ogrn_valid(text) is 'Whether an ОГРН (13 digits) or ОГРНИП (15 digits) has a valid check digit; null is valid.';

-- A VAT number of a European country, in that country's format, with its country prefix (Greece
-- uses EL). Null when the country has no format here.
create function app_hidden.vat_id_pattern(country text) returns text
language sql immutable parallel safe set search_path = pg_catalog as $$
  select case country
    when 'AT' then '^ATU[0-9]{8}$'
    when 'BE' then '^BE[01][0-9]{9}$'
    when 'BG' then '^BG[0-9]{9,10}$'
    when 'CY' then '^CY[0-9]{8}[A-Z]$'
    when 'CZ' then '^CZ[0-9]{8,10}$'
    when 'DE' then '^DE[0-9]{9}$'
    when 'DK' then '^DK[0-9]{8}$'
    when 'EE' then '^EE[0-9]{9}$'
    when 'GR' then '^EL[0-9]{9}$'
    when 'ES' then '^ES[A-Z0-9][0-9]{7}[A-Z0-9]$'
    when 'FI' then '^FI[0-9]{8}$'
    when 'FR' then '^FR[A-HJ-NP-Z0-9]{2}[0-9]{9}$'
    when 'HR' then '^HR[0-9]{11}$'
    when 'HU' then '^HU[0-9]{8}$'
    when 'IE' then '^IE([0-9]{7}[A-W][A-I]?|[0-9][A-Z+*][0-9]{5}[A-W])$'
    when 'IT' then '^IT[0-9]{11}$'
    when 'LT' then '^LT([0-9]{9}|[0-9]{12})$'
    when 'LU' then '^LU[0-9]{8}$'
    when 'LV' then '^LV[0-9]{11}$'
    when 'MT' then '^MT[0-9]{8}$'
    when 'NL' then '^NL[0-9]{9}B[0-9]{2}$'
    when 'PL' then '^PL[0-9]{10}$'
    when 'PT' then '^PT[0-9]{9}$'
    when 'RO' then '^RO[0-9]{2,10}$'
    when 'SE' then '^SE[0-9]{10}01$'
    when 'SI' then '^SI[0-9]{8}$'
    when 'SK' then '^SK[0-9]{10}$'
    when 'GB' then '^GB([0-9]{9}|[0-9]{12}|GD[0-9]{3}|HA[0-9]{3})$'
    when 'NO' then '^NO[0-9]{9}(MVA)?$'
    when 'CH' then '^CHE[0-9]{9}(MWST|TVA|IVA)?$'
  end
$$;

-- A supplier's tax id: in Russia (or where no VAT format is known) an ИНН with valid check
-- digits; in a European country with a VAT format, its VAT number in that format. Other countries
-- may also give letters and digits (5 to 20) as their authorities issue them.
create function app_hidden.supplier_tax_id_valid(country text, tax_id text) returns boolean
language sql immutable parallel safe set search_path = pg_catalog as $$
  select case
    when tax_id is null then true
    when country = 'RU' then app_hidden.inn_valid(tax_id)
    when app_hidden.vat_id_pattern(country) is not null then tax_id ~ app_hidden.vat_id_pattern(country)
    else app_hidden.inn_valid(tax_id) or tax_id ~ '^[A-Z0-9]{5,20}$'
  end
$$;
grant execute on function app_hidden.inn_valid(text), app_hidden.ogrn_valid(text), app_hidden.vat_id_pattern(text),
  app_hidden.supplier_tax_id_valid(text, text) to ledgerline_visitor;

--------------------------------------------------------------------------------------------------
-- Countries (ISO 3166-1). The web names them in the reader's language (Intl.DisplayNames); the
-- names here are for search, import and the mapping of the free text that was stored before.

create table app_public.countries (
  code text primary key constraint countries_code_format check (code ~ '^[A-Z]{2}$'),
  alpha3 text not null unique,
  name_en text not null,
  name_ru text not null,
  -- Lower-case names and abbreviations a person may type ("russian federation", "uk", "сша").
  names text[] not null default '{}'
);
comment on table app_public.countries is 'Countries of ISO 3166-1 by their two-letter code.';
alter table app_public.countries enable row level security;
create policy select_signed_in on app_public.countries for select using ((select app_hidden.current_user_id()) is not null);
grant select on app_public.countries to ledgerline_visitor;

insert into app_public.countries (code, alpha3, name_en, name_ru, names) values
  ('AD', 'AND', 'Andorra', 'Андорра', array['andorra', 'андорра']),
  ('AE', 'ARE', 'United Arab Emirates', 'ОАЭ', array['united arab emirates', 'uae', 'оаэ']),
  ('AF', 'AFG', 'Afghanistan', 'Афганистан', array['afghanistan', 'афганистан']),
  ('AG', 'ATG', 'Antigua & Barbuda', 'Антигуа и Барбуда', array['antigua and barbuda', 'антигуа и барбуда', 'antigua & barbuda']),
  ('AI', 'AIA', 'Anguilla', 'Ангилья', array['anguilla', 'ангилья']),
  ('AL', 'ALB', 'Albania', 'Албания', array['albania', 'албания']),
  ('AM', 'ARM', 'Armenia', 'Армения', array['armenia', 'армения']),
  ('AO', 'AGO', 'Angola', 'Ангола', array['angola', 'ангола']),
  ('AQ', 'ATA', 'Antarctica', 'Антарктида', array['antarctica', 'антарктида']),
  ('AR', 'ARG', 'Argentina', 'Аргентина', array['argentina', 'аргентина']),
  ('AS', 'ASM', 'American Samoa', 'Американское Самоа', array['american samoa', 'американское самоа']),
  ('AT', 'AUT', 'Austria', 'Австрия', array['austria', 'австрия']),
  ('AU', 'AUS', 'Australia', 'Австралия', array['australia', 'австралия']),
  ('AW', 'ABW', 'Aruba', 'Аруба', array['aruba', 'аруба']),
  ('AX', 'ALA', 'Åland Islands', 'Аландские о-ва', array['åland islands', 'aland islands', 'аландские острова', 'аландские о-ва']),
  ('AZ', 'AZE', 'Azerbaijan', 'Азербайджан', array['azerbaijan', 'азербайджан']),
  ('BA', 'BIH', 'Bosnia & Herzegovina', 'Босния и Герцеговина', array['bosnia and herzegovina', 'босния и герцеговина', 'bosnia & herzegovina']),
  ('BB', 'BRB', 'Barbados', 'Барбадос', array['barbados', 'барбадос']),
  ('BD', 'BGD', 'Bangladesh', 'Бангладеш', array['bangladesh', 'бангладеш']),
  ('BE', 'BEL', 'Belgium', 'Бельгия', array['belgium', 'бельгия']),
  ('BF', 'BFA', 'Burkina Faso', 'Буркина-Фасо', array['burkina faso', 'буркина-фасо']),
  ('BG', 'BGR', 'Bulgaria', 'Болгария', array['bulgaria', 'болгария']),
  ('BH', 'BHR', 'Bahrain', 'Бахрейн', array['bahrain', 'бахрейн']),
  ('BI', 'BDI', 'Burundi', 'Бурунди', array['burundi', 'бурунди']),
  ('BJ', 'BEN', 'Benin', 'Бенин', array['benin', 'бенин']),
  ('BL', 'BLM', 'St. Barthélemy', 'Сен-Бартелеми', array['saint barthélemy', 'сен-бартелеми', 'st. barthélemy']),
  ('BM', 'BMU', 'Bermuda', 'Бермудские о-ва', array['bermuda', 'бермуды', 'бермудские о-ва']),
  ('BN', 'BRN', 'Brunei', 'Бруней', array['brunei darussalam', 'бруней', 'brunei']),
  ('BO', 'BOL', 'Bolivia', 'Боливия', array['bolivia', 'боливия']),
  ('BQ', 'BES', 'Caribbean Netherlands', 'Бонэйр, Синт-Эстатиус и Саба', array['bonaire, sint eustatius and saba', 'бонэйр, синт-эстатиус и саба', 'caribbean netherlands']),
  ('BR', 'BRA', 'Brazil', 'Бразилия', array['brazil', 'бразилия']),
  ('BS', 'BHS', 'Bahamas', 'Багамы', array['bahamas', 'багамы']),
  ('BT', 'BTN', 'Bhutan', 'Бутан', array['bhutan', 'бутан']),
  ('BV', 'BVT', 'Bouvet Island', 'о-в Буве', array['bouvet island', 'остров буве', 'о-в буве']),
  ('BW', 'BWA', 'Botswana', 'Ботсвана', array['botswana', 'ботсвана']),
  ('BY', 'BLR', 'Belarus', 'Беларусь', array['belarus', 'беларусь']),
  ('BZ', 'BLZ', 'Belize', 'Белиз', array['belize', 'белиз']),
  ('CA', 'CAN', 'Canada', 'Канада', array['canada', 'канада']),
  ('CC', 'CCK', 'Cocos (Keeling) Islands', 'Кокосовые о-ва', array['cocos (keeling) islands', 'кокосовые острова', 'кокосовые о-ва']),
  ('CD', 'COD', 'Congo - Kinshasa', 'Конго - Киншаса', array['democratic republic of the congo', 'congo', 'демократическая республика конго', 'congo - kinshasa', 'конго - киншаса']),
  ('CF', 'CAF', 'Central African Republic', 'Центрально-Африканская Республика', array['central african republic', 'цар', 'центрально-африканская республика']),
  ('CG', 'COG', 'Congo - Brazzaville', 'Конго - Браззавиль', array['republic of the congo', 'congo', 'республика конго', 'congo - brazzaville', 'конго - браззавиль']),
  ('CH', 'CHE', 'Switzerland', 'Швейцария', array['switzerland', 'швейцария']),
  ('CI', 'CIV', 'Côte d’Ivoire', 'Кот-д’Ивуар', array['cote d''ivoire', 'côte d''ivoire', 'ivory coast', 'кот-д’ивуар', 'côte d’ivoire']),
  ('CK', 'COK', 'Cook Islands', 'о-ва Кука', array['cook islands', 'острова кука', 'о-ва кука']),
  ('CL', 'CHL', 'Chile', 'Чили', array['chile', 'чили']),
  ('CM', 'CMR', 'Cameroon', 'Камерун', array['cameroon', 'камерун']),
  ('CN', 'CHN', 'China', 'Китай', array['people''s republic of china', 'china', 'кнр (китайская народная республика)', 'китай']),
  ('CO', 'COL', 'Colombia', 'Колумбия', array['colombia', 'колумбия']),
  ('CR', 'CRI', 'Costa Rica', 'Коста-Рика', array['costa rica', 'коста-рика']),
  ('CU', 'CUB', 'Cuba', 'Куба', array['cuba', 'куба']),
  ('CV', 'CPV', 'Cape Verde', 'Кабо-Верде', array['cape verde', 'кабо-верде']),
  ('CW', 'CUW', 'Curaçao', 'Кюрасао', array['curaçao', 'кюрасао']),
  ('CX', 'CXR', 'Christmas Island', 'о-в Рождества', array['christmas island', 'остров рождества', 'о-в рождества']),
  ('CY', 'CYP', 'Cyprus', 'Кипр', array['cyprus', 'кипр']),
  ('CZ', 'CZE', 'Czechia', 'Чехия', array['czech republic', 'czechia', 'чехия']),
  ('DE', 'DEU', 'Germany', 'Германия', array['germany', 'германия']),
  ('DJ', 'DJI', 'Djibouti', 'Джибути', array['djibouti', 'джибути']),
  ('DK', 'DNK', 'Denmark', 'Дания', array['denmark', 'дания']),
  ('DM', 'DMA', 'Dominica', 'Доминика', array['dominica', 'доминика']),
  ('DO', 'DOM', 'Dominican Republic', 'Доминиканская Республика', array['dominican republic', 'доминиканская республика']),
  ('DZ', 'DZA', 'Algeria', 'Алжир', array['algeria', 'алжир']),
  ('EC', 'ECU', 'Ecuador', 'Эквадор', array['ecuador', 'эквадор']),
  ('EE', 'EST', 'Estonia', 'Эстония', array['estonia', 'эстония']),
  ('EG', 'EGY', 'Egypt', 'Египет', array['egypt', 'египет']),
  ('EH', 'ESH', 'Western Sahara', 'Западная Сахара', array['western sahara', 'садр', 'западная сахара']),
  ('ER', 'ERI', 'Eritrea', 'Эритрея', array['eritrea', 'эритрея']),
  ('ES', 'ESP', 'Spain', 'Испания', array['spain', 'испания']),
  ('ET', 'ETH', 'Ethiopia', 'Эфиопия', array['ethiopia', 'эфиопия']),
  ('FI', 'FIN', 'Finland', 'Финляндия', array['finland', 'финляндия']),
  ('FJ', 'FJI', 'Fiji', 'Фиджи', array['fiji', 'фиджи']),
  ('FK', 'FLK', 'Falkland Islands', 'Фолклендские о-ва', array['falkland islands (malvinas)', 'фолклендские острова', 'falkland islands', 'фолклендские о-ва']),
  ('FM', 'FSM', 'Micronesia', 'Федеративные Штаты Микронезии', array['micronesia, federated states of', 'микронезия', 'micronesia', 'федеративные штаты микронезии']),
  ('FO', 'FRO', 'Faroe Islands', 'Фарерские о-ва', array['faroe islands', 'фареры', 'фарерские о-ва']),
  ('FR', 'FRA', 'France', 'Франция', array['france', 'франция']),
  ('GA', 'GAB', 'Gabon', 'Габон', array['gabon', 'габон']),
  ('GB', 'GBR', 'United Kingdom', 'Великобритания', array['united kingdom', 'uk', 'great britain', 'великобритания']),
  ('GD', 'GRD', 'Grenada', 'Гренада', array['grenada', 'гренада']),
  ('GE', 'GEO', 'Georgia', 'Грузия', array['georgia', 'грузия']),
  ('GF', 'GUF', 'French Guiana', 'Французская Гвиана', array['french guiana', 'гвиана', 'французская гвиана']),
  ('GG', 'GGY', 'Guernsey', 'Гернси', array['guernsey', 'гернси']),
  ('GH', 'GHA', 'Ghana', 'Гана', array['ghana', 'гана']),
  ('GI', 'GIB', 'Gibraltar', 'Гибралтар', array['gibraltar', 'гибралтар']),
  ('GL', 'GRL', 'Greenland', 'Гренландия', array['greenland', 'гренландия']),
  ('GM', 'GMB', 'Gambia', 'Гамбия', array['republic of the gambia', 'the gambia', 'gambia', 'гамбия']),
  ('GN', 'GIN', 'Guinea', 'Гвинея', array['guinea', 'гвинея']),
  ('GP', 'GLP', 'Guadeloupe', 'Гваделупа', array['guadeloupe', 'гваделупа']),
  ('GQ', 'GNQ', 'Equatorial Guinea', 'Экваториальная Гвинея', array['equatorial guinea', 'экваториальная гвинея']),
  ('GR', 'GRC', 'Greece', 'Греция', array['greece', 'греция']),
  ('GS', 'SGS', 'South Georgia & South Sandwich Islands', 'Южная Георгия и Южные Сандвичевы о-ва', array['south georgia and the south sandwich islands', 'южная георгия и южные сандвичевы острова', 'south georgia & south sandwich islands', 'южная георгия и южные сандвичевы о-ва']),
  ('GT', 'GTM', 'Guatemala', 'Гватемала', array['guatemala', 'гватемала']),
  ('GU', 'GUM', 'Guam', 'Гуам', array['guam', 'гуам']),
  ('GW', 'GNB', 'Guinea-Bissau', 'Гвинея-Бисау', array['guinea-bissau', 'гвинея-бисау']),
  ('GY', 'GUY', 'Guyana', 'Гайана', array['guyana', 'гайана']),
  ('HK', 'HKG', 'Hong Kong SAR China', 'Гонконг (САР)', array['hong kong', 'гонконг', 'hong kong sar china', 'гонконг (сар)']),
  ('HM', 'HMD', 'Heard & McDonald Islands', 'о-ва Херд и Макдональд', array['heard island and mcdonald islands', 'херд и макдональд', 'heard & mcdonald islands', 'о-ва херд и макдональд']),
  ('HN', 'HND', 'Honduras', 'Гондурас', array['honduras', 'гондурас']),
  ('HR', 'HRV', 'Croatia', 'Хорватия', array['croatia', 'хорватия']),
  ('HT', 'HTI', 'Haiti', 'Гаити', array['haiti', 'гаити']),
  ('HU', 'HUN', 'Hungary', 'Венгрия', array['hungary', 'венгрия']),
  ('ID', 'IDN', 'Indonesia', 'Индонезия', array['indonesia', 'индонезия']),
  ('IE', 'IRL', 'Ireland', 'Ирландия', array['ireland', 'ирландия']),
  ('IL', 'ISR', 'Israel', 'Израиль', array['israel', 'израиль']),
  ('IM', 'IMN', 'Isle of Man', 'о-в Мэн', array['isle of man', 'остров мэн', 'о-в мэн']),
  ('IN', 'IND', 'India', 'Индия', array['india', 'индия']),
  ('IO', 'IOT', 'British Indian Ocean Territory', 'Британская территория в Индийском океане', array['british indian ocean territory', 'британская территория в индийском океане']),
  ('IQ', 'IRQ', 'Iraq', 'Ирак', array['iraq', 'ирак']),
  ('IR', 'IRN', 'Iran', 'Иран', array['islamic republic of iran', 'iran', 'иран']),
  ('IS', 'ISL', 'Iceland', 'Исландия', array['iceland', 'исландия']),
  ('IT', 'ITA', 'Italy', 'Италия', array['italy', 'италия']),
  ('JE', 'JEY', 'Jersey', 'Джерси', array['jersey', 'джерси']),
  ('JM', 'JAM', 'Jamaica', 'Ямайка', array['jamaica', 'ямайка']),
  ('JO', 'JOR', 'Jordan', 'Иордания', array['jordan', 'иордания']),
  ('JP', 'JPN', 'Japan', 'Япония', array['japan', 'япония']),
  ('KE', 'KEN', 'Kenya', 'Кения', array['kenya', 'кения']),
  ('KG', 'KGZ', 'Kyrgyzstan', 'Киргизия', array['kyrgyzstan', 'киргизия']),
  ('KH', 'KHM', 'Cambodia', 'Камбоджа', array['cambodia', 'камбоджа']),
  ('KI', 'KIR', 'Kiribati', 'Кирибати', array['kiribati', 'кирибати']),
  ('KM', 'COM', 'Comoros', 'Коморы', array['comoros', 'коморы']),
  ('KN', 'KNA', 'St. Kitts & Nevis', 'Сент-Китс и Невис', array['saint kitts and nevis', 'сент-китс и невис', 'st. kitts & nevis']),
  ('KP', 'PRK', 'North Korea', 'КНДР', array['north korea', 'кндр (корейская народно-демократическая республика)', 'кндр']),
  ('KR', 'KOR', 'South Korea', 'Республика Корея', array['south korea', 'korea, republic of', 'republic of korea', 'республика корея']),
  ('KW', 'KWT', 'Kuwait', 'Кувейт', array['kuwait', 'кувейт']),
  ('KY', 'CYM', 'Cayman Islands', 'о-ва Кайман', array['cayman islands', 'острова кайман', 'о-ва кайман']),
  ('KZ', 'KAZ', 'Kazakhstan', 'Казахстан', array['kazakhstan', 'казахстан']),
  ('LA', 'LAO', 'Laos', 'Лаос', array['lao people''s democratic republic', 'лаос', 'laos']),
  ('LB', 'LBN', 'Lebanon', 'Ливан', array['lebanon', 'ливан']),
  ('LC', 'LCA', 'St. Lucia', 'Сент-Люсия', array['saint lucia', 'сент-люсия', 'st. lucia']),
  ('LI', 'LIE', 'Liechtenstein', 'Лихтенштейн', array['liechtenstein', 'лихтенштейн']),
  ('LK', 'LKA', 'Sri Lanka', 'Шри-Ланка', array['sri lanka', 'шри-ланка']),
  ('LR', 'LBR', 'Liberia', 'Либерия', array['liberia', 'либерия']),
  ('LS', 'LSO', 'Lesotho', 'Лесото', array['lesotho', 'лесото']),
  ('LT', 'LTU', 'Lithuania', 'Литва', array['lithuania', 'литва']),
  ('LU', 'LUX', 'Luxembourg', 'Люксембург', array['luxembourg', 'люксембург']),
  ('LV', 'LVA', 'Latvia', 'Латвия', array['latvia', 'латвия']),
  ('LY', 'LBY', 'Libya', 'Ливия', array['libya', 'ливия']),
  ('MA', 'MAR', 'Morocco', 'Марокко', array['morocco', 'марокко']),
  ('MC', 'MCO', 'Monaco', 'Монако', array['monaco', 'монако']),
  ('MD', 'MDA', 'Moldova', 'Молдова', array['moldova, republic of', 'молдавия', 'moldova', 'молдова']),
  ('ME', 'MNE', 'Montenegro', 'Черногория', array['montenegro', 'черногория']),
  ('MF', 'MAF', 'St. Martin', 'Сен-Мартен', array['saint martin (french part)', 'сен-мартен', 'st. martin']),
  ('MG', 'MDG', 'Madagascar', 'Мадагаскар', array['madagascar', 'мадагаскар']),
  ('MH', 'MHL', 'Marshall Islands', 'Маршалловы о-ва', array['marshall islands', 'маршалловы острова', 'маршалловы о-ва']),
  ('MK', 'MKD', 'North Macedonia', 'Северная Македония', array['the republic of north macedonia', 'north macedonia', 'северная македония']),
  ('ML', 'MLI', 'Mali', 'Мали', array['mali', 'мали']),
  ('MM', 'MMR', 'Myanmar (Burma)', 'Мьянма (Бирма)', array['myanmar', 'мьянма', 'myanmar (burma)', 'мьянма (бирма)']),
  ('MN', 'MNG', 'Mongolia', 'Монголия', array['mongolia', 'монголия']),
  ('MO', 'MAC', 'Macao SAR China', 'Макао (САР)', array['macao', 'макао', 'macao sar china', 'макао (сар)']),
  ('MP', 'MNP', 'Northern Mariana Islands', 'Северные Марианские о-ва', array['northern mariana islands', 'северные марианские острова', 'северные марианские о-ва']),
  ('MQ', 'MTQ', 'Martinique', 'Мартиника', array['martinique', 'мартиника']),
  ('MR', 'MRT', 'Mauritania', 'Мавритания', array['mauritania', 'мавритания']),
  ('MS', 'MSR', 'Montserrat', 'Монтсеррат', array['montserrat', 'монтсеррат']),
  ('MT', 'MLT', 'Malta', 'Мальта', array['malta', 'мальта']),
  ('MU', 'MUS', 'Mauritius', 'Маврикий', array['mauritius', 'маврикий']),
  ('MV', 'MDV', 'Maldives', 'Мальдивы', array['maldives', 'мальдивы']),
  ('MW', 'MWI', 'Malawi', 'Малави', array['malawi', 'малави']),
  ('MX', 'MEX', 'Mexico', 'Мексика', array['mexico', 'мексика']),
  ('MY', 'MYS', 'Malaysia', 'Малайзия', array['malaysia', 'малайзия']),
  ('MZ', 'MOZ', 'Mozambique', 'Мозамбик', array['mozambique', 'мозамбик']),
  ('NA', 'NAM', 'Namibia', 'Намибия', array['namibia', 'намибия']),
  ('NC', 'NCL', 'New Caledonia', 'Новая Каледония', array['new caledonia', 'новая каледония']),
  ('NE', 'NER', 'Niger', 'Нигер', array['niger', 'нигер']),
  ('NF', 'NFK', 'Norfolk Island', 'о-в Норфолк', array['norfolk island', 'остров норфолк', 'о-в норфолк']),
  ('NG', 'NGA', 'Nigeria', 'Нигерия', array['nigeria', 'нигерия']),
  ('NI', 'NIC', 'Nicaragua', 'Никарагуа', array['nicaragua', 'никарагуа']),
  ('NL', 'NLD', 'Netherlands', 'Нидерланды', array['netherlands', 'the netherlands', 'netherlands (kingdom of the)', 'нидерланды']),
  ('NO', 'NOR', 'Norway', 'Норвегия', array['norway', 'норвегия']),
  ('NP', 'NPL', 'Nepal', 'Непал', array['nepal', 'непал']),
  ('NR', 'NRU', 'Nauru', 'Науру', array['nauru', 'науру']),
  ('NU', 'NIU', 'Niue', 'Ниуэ', array['niue', 'ниуэ']),
  ('NZ', 'NZL', 'New Zealand', 'Новая Зеландия', array['new zealand', 'новая зеландия']),
  ('OM', 'OMN', 'Oman', 'Оман', array['oman', 'оман']),
  ('PA', 'PAN', 'Panama', 'Панама', array['panama', 'панама']),
  ('PE', 'PER', 'Peru', 'Перу', array['peru', 'перу']),
  ('PF', 'PYF', 'French Polynesia', 'Французская Полинезия', array['french polynesia', 'французская полинезия']),
  ('PG', 'PNG', 'Papua New Guinea', 'Папуа — Новая Гвинея', array['papua new guinea', 'папуа — новая гвинея']),
  ('PH', 'PHL', 'Philippines', 'Филиппины', array['philippines', 'филиппины']),
  ('PK', 'PAK', 'Pakistan', 'Пакистан', array['pakistan', 'пакистан']),
  ('PL', 'POL', 'Poland', 'Польша', array['poland', 'польша']),
  ('PM', 'SPM', 'St. Pierre & Miquelon', 'Сен-Пьер и Микелон', array['saint pierre and miquelon', 'сен-пьер и микелон', 'st. pierre & miquelon']),
  ('PN', 'PCN', 'Pitcairn Islands', 'о-ва Питкэрн', array['pitcairn', 'pitcairn islands', 'острова питкэрн', 'о-ва питкэрн']),
  ('PR', 'PRI', 'Puerto Rico', 'Пуэрто-Рико', array['puerto rico', 'пуэрто-рико']),
  ('PS', 'PSE', 'Palestinian Territories', 'Палестинские территории', array['state of palestine', 'palestine', 'государство палестина', 'palestinian territories', 'палестинские территории']),
  ('PT', 'PRT', 'Portugal', 'Португалия', array['portugal', 'португалия']),
  ('PW', 'PLW', 'Palau', 'Палау', array['palau', 'палау']),
  ('PY', 'PRY', 'Paraguay', 'Парагвай', array['paraguay', 'парагвай']),
  ('QA', 'QAT', 'Qatar', 'Катар', array['qatar', 'катар']),
  ('RE', 'REU', 'Réunion', 'Реюньон', array['reunion', 'реюньон', 'réunion']),
  ('RO', 'ROU', 'Romania', 'Румыния', array['romania', 'румыния']),
  ('RS', 'SRB', 'Serbia', 'Сербия', array['serbia', 'сербия']),
  ('RU', 'RUS', 'Russia', 'Россия', array['russian federation', 'russia', 'российская федерация', 'россия']),
  ('RW', 'RWA', 'Rwanda', 'Руанда', array['rwanda', 'руанда']),
  ('SA', 'SAU', 'Saudi Arabia', 'Саудовская Аравия', array['saudi arabia', 'саудовская аравия']),
  ('SB', 'SLB', 'Solomon Islands', 'Соломоновы о-ва', array['solomon islands', 'соломоновы острова', 'соломоновы о-ва']),
  ('SC', 'SYC', 'Seychelles', 'Сейшельские о-ва', array['seychelles', 'сейшельские острова', 'сейшельские о-ва']),
  ('SD', 'SDN', 'Sudan', 'Судан', array['sudan', 'судан']),
  ('SE', 'SWE', 'Sweden', 'Швеция', array['sweden', 'швеция']),
  ('SG', 'SGP', 'Singapore', 'Сингапур', array['singapore', 'сингапур']),
  ('SH', 'SHN', 'St. Helena', 'о-в Св. Елены', array['saint helena', 'острова святой елены, вознесения и тристан-да-кунья', 'st. helena', 'о-в св. елены']),
  ('SI', 'SVN', 'Slovenia', 'Словения', array['slovenia', 'словения']),
  ('SJ', 'SJM', 'Svalbard & Jan Mayen', 'Шпицберген и Ян-Майен', array['svalbard and jan mayen', 'шпицберген и ян-майен', 'svalbard & jan mayen']),
  ('SK', 'SVK', 'Slovakia', 'Словакия', array['slovakia', 'словакия']),
  ('SL', 'SLE', 'Sierra Leone', 'Сьерра-Леоне', array['sierra leone', 'сьерра-леоне']),
  ('SM', 'SMR', 'San Marino', 'Сан-Марино', array['san marino', 'сан-марино']),
  ('SN', 'SEN', 'Senegal', 'Сенегал', array['senegal', 'сенегал']),
  ('SO', 'SOM', 'Somalia', 'Сомали', array['somalia', 'сомали']),
  ('SR', 'SUR', 'Suriname', 'Суринам', array['suriname', 'суринам']),
  ('SS', 'SSD', 'South Sudan', 'Южный Судан', array['south sudan', 'южный судан']),
  ('ST', 'STP', 'São Tomé & Príncipe', 'Сан-Томе и Принсипи', array['sao tome and principe', 'сан-томе и принсипи', 'são tomé & príncipe']),
  ('SV', 'SLV', 'El Salvador', 'Сальвадор', array['el salvador', 'сальвадор']),
  ('SX', 'SXM', 'Sint Maarten', 'Синт-Мартен', array['sint maarten (dutch part)', 'синт-мартен', 'sint maarten']),
  ('SY', 'SYR', 'Syria', 'Сирия', array['syrian arab republic', 'сирия', 'syria']),
  ('SZ', 'SWZ', 'Eswatini', 'Эсватини', array['eswatini', 'эсватини']),
  ('TC', 'TCA', 'Turks & Caicos Islands', 'Тёркс и Кайкос', array['turks and caicos islands', 'теркс и кайкос', 'turks & caicos islands', 'тёркс и кайкос']),
  ('TD', 'TCD', 'Chad', 'Чад', array['chad', 'чад']),
  ('TF', 'ATF', 'French Southern Territories', 'Французские Южные территории', array['french southern territories', 'французские южные и антарктические территории', 'французские южные территории']),
  ('TG', 'TGO', 'Togo', 'Того', array['togo', 'того']),
  ('TH', 'THA', 'Thailand', 'Таиланд', array['thailand', 'таиланд']),
  ('TJ', 'TJK', 'Tajikistan', 'Таджикистан', array['tajikistan', 'таджикистан']),
  ('TK', 'TKL', 'Tokelau', 'Токелау', array['tokelau', 'токелау']),
  ('TL', 'TLS', 'Timor-Leste', 'Восточный Тимор', array['timor-leste', 'восточный тимор']),
  ('TM', 'TKM', 'Turkmenistan', 'Туркменистан', array['turkmenistan', 'туркмения', 'туркменистан']),
  ('TN', 'TUN', 'Tunisia', 'Тунис', array['tunisia', 'тунис']),
  ('TO', 'TON', 'Tonga', 'Тонга', array['tonga', 'тонга']),
  ('TR', 'TUR', 'Türkiye', 'Турция', array['türkiye', 'turkey', 'турция']),
  ('TT', 'TTO', 'Trinidad & Tobago', 'Тринидад и Тобаго', array['trinidad and tobago', 'тринидад и тобаго', 'trinidad & tobago']),
  ('TV', 'TUV', 'Tuvalu', 'Тувалу', array['tuvalu', 'тувалу']),
  ('TW', 'TWN', 'Taiwan', 'Тайвань', array['taiwan, province of china', 'taiwan', 'тайвань', 'китайская республика']),
  ('TZ', 'TZA', 'Tanzania', 'Танзания', array['united republic of tanzania', 'tanzania', 'танзания']),
  ('UA', 'UKR', 'Ukraine', 'Украина', array['ukraine', 'украина']),
  ('UG', 'UGA', 'Uganda', 'Уганда', array['uganda', 'уганда']),
  ('UM', 'UMI', 'U.S. Outlying Islands', 'Внешние малые о-ва (США)', array['united states minor outlying islands', 'внешние малые острова (сша)', 'u.s. outlying islands', 'внешние малые о-ва (сша)']),
  ('US', 'USA', 'United States', 'Соединенные Штаты', array['united states of america', 'united states', 'usa', 'u.s.a.', 'us', 'u.s.', 'сша', 'соединенные штаты']),
  ('UY', 'URY', 'Uruguay', 'Уругвай', array['uruguay', 'уругвай']),
  ('UZ', 'UZB', 'Uzbekistan', 'Узбекистан', array['uzbekistan', 'узбекистан']),
  ('VA', 'VAT', 'Vatican City', 'Ватикан', array['holy see (vatican city state)', 'ватикан', 'vatican city']),
  ('VC', 'VCT', 'St. Vincent & Grenadines', 'Сент-Винсент и Гренадины', array['saint vincent and the grenadines', 'сент-винсент и гренадины', 'st. vincent & grenadines']),
  ('VE', 'VEN', 'Venezuela', 'Венесуэла', array['venezuela', 'венесуэла']),
  ('VG', 'VGB', 'British Virgin Islands', 'Виргинские о-ва (Великобритания)', array['virgin islands, british', 'виргинские острова (великобритания)', 'british virgin islands', 'виргинские о-ва (великобритания)']),
  ('VI', 'VIR', 'U.S. Virgin Islands', 'Виргинские о-ва (США)', array['virgin islands, u.s.', 'виргинские острова (сша)', 'u.s. virgin islands', 'виргинские о-ва (сша)']),
  ('VN', 'VNM', 'Vietnam', 'Вьетнам', array['vietnam', 'вьетнам']),
  ('VU', 'VUT', 'Vanuatu', 'Вануату', array['vanuatu', 'вануату']),
  ('WF', 'WLF', 'Wallis & Futuna', 'Уоллис и Футуна', array['wallis and futuna', 'уоллис и футуна', 'wallis & futuna']),
  ('WS', 'WSM', 'Samoa', 'Самоа', array['samoa', 'самоа']),
  ('XK', 'XKK', 'Kosovo', 'Косово', array['kosovo', 'косово']),
  ('YE', 'YEM', 'Yemen', 'Йемен', array['yemen', 'йемен']),
  ('YT', 'MYT', 'Mayotte', 'Майотта', array['mayotte', 'майотта']),
  ('ZA', 'ZAF', 'South Africa', 'Южно-Африканская Республика', array['south africa', 'юар', 'южно-африканская республика']),
  ('ZM', 'ZMB', 'Zambia', 'Замбия', array['zambia', 'замбия']),
  ('ZW', 'ZWE', 'Zimbabwe', 'Зимбабве', array['zimbabwe', 'зимбабве']);

-- The code of a country named by its code, alpha-3 code or one of its names; null when unknown.
create function app_public.country_code(name text) returns text
language sql stable set search_path = pg_catalog as $$
  select c.code from app_public.countries c
   where upper(btrim(name)) in (c.code, c.alpha3)
      or lower(btrim(regexp_replace(name, '\s+', ' ', 'g'))) = any (c.names)
   order by c.code limit 1
$$;
comment on function app_public.country_code(text) is 'The ISO 3166 code of a country given by its code or name (English or Russian), or null.';

-- Free-text countries stored before become codes; what is not recognised stays as it was (the
-- foreign keys below are added NOT VALID, so such a row must get a real country when next saved).
create function pg_temp.map_countries(tbl regclass) returns void language plpgsql as $$
declare
  unknown text;
begin
  execute format('update %s t set country = app_public.country_code(t.country)
                   where t.country is not null and app_public.country_code(t.country) is not null
                     and t.country is distinct from app_public.country_code(t.country)', tbl);
  for unknown in execute format('select distinct country from %s where country is not null
                                  and country not in (select code from app_public.countries)', tbl) loop
    raise notice '%: country "%" is not an ISO 3166 country; set it when the row is next edited', tbl, unknown;
  end loop;
end;
$$;
alter table app_public.subsidiaries disable trigger user;
alter table app_public.clients disable trigger user;
alter table app_public.suppliers disable trigger user;
select pg_temp.map_countries('app_public.subsidiaries');
select pg_temp.map_countries('app_public.clients');
select pg_temp.map_countries('app_public.suppliers');
alter table app_public.subsidiaries enable trigger user;
alter table app_public.clients enable trigger user;
alter table app_public.suppliers enable trigger user;

alter table app_public.subsidiaries add constraint subsidiaries_country_fkey
  foreign key (country) references app_public.countries (code) on update cascade on delete restrict not valid;
alter table app_public.clients add constraint clients_country_fkey
  foreign key (country) references app_public.countries (code) on update cascade on delete restrict not valid;
alter table app_public.suppliers add constraint suppliers_country_fkey
  foreign key (country) references app_public.countries (code) on update cascade on delete restrict not valid;
comment on constraint subsidiaries_country_fkey on app_public.subsidiaries is E'@fieldName countryByCountry\n@omit many';
comment on constraint clients_country_fkey on app_public.clients is E'@fieldName countryByCountry\n@omit many';
comment on constraint suppliers_country_fkey on app_public.suppliers is E'@fieldName countryByCountry\n@omit many';
create index subsidiaries_country_idx on app_public.subsidiaries (country);
create index clients_country_idx on app_public.clients (country);
create index suppliers_country_idx on app_public.suppliers (country);
comment on column app_public.subsidiaries.country is 'ISO 3166-1 two-letter code (countries).';
comment on column app_public.clients.country is 'ISO 3166-1 two-letter code (countries).';
comment on column app_public.suppliers.country is 'ISO 3166-1 two-letter code (countries).';
-- Clients had no reference check (their only foreign key is new): countries are visible to all.
create trigger _010_references before insert or update on app_public.clients for each row
  when (app_hidden.current_user_id() is not null)
  execute function app_private.tg__check_references();

--------------------------------------------------------------------------------------------------
-- Archive flag of reference data (used by 0072; here because a tax id is unique among live rows).

alter table app_public.clients add column is_archived boolean not null default false;
alter table app_public.suppliers add column is_archived boolean not null default false;
alter table app_public.projects add column is_archived boolean not null default false;
alter table app_public.services add column is_archived boolean not null default false;
alter table app_public.cost_types add column is_archived boolean not null default false;

--------------------------------------------------------------------------------------------------
-- Clients' identity

-- The check digits are checked for rows written from now on (NOT VALID): an older row with a
-- wrong number is kept and must be corrected when it is next saved. A number of the wrong length
-- is the format constraint's refusal, not this one's.
alter table app_public.clients add constraint clients_tax_id_checksum
  check (tax_id !~ '^([0-9]{10}|[0-9]{12})$' or app_hidden.inn_valid(tax_id)) not valid;
alter table app_public.clients drop constraint clients_registration_number_format;
alter table app_public.clients add constraint clients_registration_number_format
  check (registration_number ~ '^([0-9]{13}|[0-9]{15})$') not valid;
alter table app_public.clients add constraint clients_registration_number_checksum
  check (registration_number !~ '^([0-9]{13}|[0-9]{15})$' or app_hidden.ogrn_valid(registration_number)) not valid;
-- КПП: four digits (the tax office), two digits or capital letters (the reason), three digits.
alter table app_public.clients drop constraint clients_tax_reason_code_format;
alter table app_public.clients add constraint clients_tax_reason_code_format
  check (tax_reason_code ~ '^[0-9]{4}[0-9A-Z]{2}[0-9]{3}$');

do $$
declare
  dup text;
begin
  select string_agg(format('%s (%s)', tax_id, names), '; ') into dup from (
    select tax_id, string_agg(legal_name, ', ') as names from app_public.clients
     where tax_id is not null group by tax_id having count(*) > 1) x;
  if dup is not null then
    raise exception 'Clients share a tax id: %. Correct or merge them before this migration.', dup;
  end if;
end;
$$;
create unique index clients_tax_id_unique on app_public.clients (tax_id) where not is_archived;

--------------------------------------------------------------------------------------------------
-- Suppliers' tax id

alter table app_public.suppliers add column tax_id text;
comment on column app_public.suppliers.tax_id is 'ИНН (Russia), or the VAT number in its country''s format (EU, GB, NO, CH), e.g. DE123456789.';
alter table app_public.suppliers add constraint suppliers_tax_id_valid
  check (app_hidden.supplier_tax_id_valid(country, tax_id));
create unique index suppliers_tax_id_unique on app_public.suppliers (tax_id) where not is_archived;
grant insert (tax_id), update (tax_id) on app_public.suppliers to ledgerline_visitor;

--------------------------------------------------------------------------------------------------
-- Similar companies: the same tax id is as telling as a similar name.

drop function app_public.similar_companies(text);
create function app_public.similar_companies(name text, tax_id text default null) returns setof app_public.company
language sql stable set search_path = pg_catalog as $$
  with target as (select app_hidden.normalized_company_name(name) as n, nullif(btrim(tax_id), '') as tax_id),
  companies as (
    select id, 'client' as type, legal_name, short_name, c.tax_id from app_public.clients c
    union all select id, 'supplier', legal_name, short_name, s.tax_id from app_public.suppliers s
    union all select id, 'subsidiary', legal_name, short_name, null from app_public.subsidiaries
  )
  select c.id, c.type, c.legal_name, c.short_name
    from companies c, target t
   where (t.n <> '' and (app_hidden.normalized_company_name(c.legal_name) = t.n
          or app_hidden.normalized_company_name(c.short_name) = t.n
          or position(t.n in app_hidden.normalized_company_name(c.legal_name)) > 0
          or position(app_hidden.normalized_company_name(c.legal_name) in t.n) > 0))
      or (t.tax_id is not null and c.tax_id = t.tax_id)
   order by (t.tax_id is not null and c.tax_id = t.tax_id) desc, c.legal_name limit 10
$$;
comment on function app_public.similar_companies(text, text) is 'Clients, suppliers and subsidiaries whose name is like the given one (ignoring case, punctuation and legal forms) or that have the given tax id.';

--------------------------------------------------------------------------------------------------
-- Projects' access keys are words (letters, digits, underscore) joined by single dots: ".", ".a",
-- "a." and "a..b" match nothing a pattern means.
alter table app_public.projects add constraint projects_access_key_words
  check (access_key ~ '^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$') not valid;

-- Role names are unique whatever their case and surrounding spaces ("Manager" and "manager ").
create unique index roles_name_unique_ci on app_public.roles (lower(btrim(name)));

--------------------------------------------------------------------------------------------------
-- What a person types is stored in one form: a country named in English or Russian (or by its
-- alpha-3 code) becomes its two-letter code, and tax numbers lose spaces, dots and dashes (VAT
-- numbers in capitals). Runs before the reference check and the constraints.
-- As the owner: whether a code is a country does not depend on who asks (a row of countries the
-- caller cannot see is the reference check's ReferenceNotFound, which runs next).
create function app_private.tg__company_identity_normal_form() returns trigger
language plpgsql security definer set search_path = pg_catalog as $$
begin
  if tg_table_name <> 'clients' and btrim(coalesce(new.country, '')) = '' then
    perform app_hidden.fail('CountryRequired', 'Country is required.');
  end if;
  new.country := coalesce(app_public.country_code(new.country), new.country);
  if tg_table_name = 'suppliers' then
    new.tax_id := nullif(regexp_replace(upper(new.tax_id), '[[:space:].-]', '', 'g'), '');
  elsif tg_table_name = 'clients' then
    new.country := nullif(btrim(new.country), '');
    new.tax_id := nullif(regexp_replace(new.tax_id, '[[:space:]]', '', 'g'), '');
    new.tax_reason_code := nullif(regexp_replace(upper(new.tax_reason_code), '[[:space:]]', '', 'g'), '');
    new.registration_number := nullif(regexp_replace(new.registration_number, '[[:space:]]', '', 'g'), '');
  end if;
  if new.country is not null and btrim(new.country) <> ''
     and (tg_op = 'INSERT' or new.country is distinct from old.country)
     and not exists (select from app_public.countries c where c.code = new.country) then
    perform app_hidden.fail('UnknownCountry', format('"%s" is not a country of the ISO 3166 list.', new.country));
  end if;
  return new;
end;
$$;
create trigger _005_identity_normal_form before insert or update on app_public.clients
  for each row execute function app_private.tg__company_identity_normal_form();
create trigger _005_identity_normal_form before insert or update on app_public.suppliers
  for each row execute function app_private.tg__company_identity_normal_form();
create trigger _005_identity_normal_form before insert or update on app_public.subsidiaries
  for each row execute function app_private.tg__company_identity_normal_form();
