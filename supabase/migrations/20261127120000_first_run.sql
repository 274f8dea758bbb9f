-- A first run that starts from the owner (issue 43): until the owner has answered the first run's questions
-- (their name, role line and profile links, and whether to keep the sample content), the admin dashboard
-- asks them, and the one-time setup link leads there. Kept with the admins' private configuration.
alter table public.admin_settings add column first_run_done boolean not null default false;

-- A site that has an admin already was set up before this change: it keeps what it shows and asks nothing.
insert into public.admin_settings (id, first_run_done)
select true, true
where exists (select 1 from public.user_roles ur join public.roles r on r.id = ur.role_id where r.name = 'admin')
on conflict (id) do update set first_run_done = true;
